(** * Dense softmax (the paper's Theorem 1, docs/math.md §6.2, docs/formal.md).

    Scores [<-tau x_i, x_j>] in [R^m] (the query scaled by [-tau], the key as it is), softmax
    weights [w_ij = exp(score) / sum_k exp(score)], values [x_j], readout [<x_i, o_i>], so
    the output is [sum_j w_ij <x_i,x_j>].  With [B = exp tau] the weights are
    [B^(-<x_i,x_j>)] normalized.

    [theorem1]: at [tau = ln 6] (stated for every [tau] with [exp tau = 6]: Coq's [exp_ln]
    rests on [Classical_Prop.classic], which the development does not assume) the error is
    below [1/2] at every position of every length-3 sequence over [{0,1}^m], every [m].
    For every length: [softmax_correct] (error below [1/2] at length [n] when [B >= 3] and
    [B > n - 1]), [softmax_fails] (not below [1/2] at length [n] when [B <= n - 1], for
    every [m >= 1]), [softmax_iff]; so the temperature must grow with [n]
    ([tau > ln (n - 1)]): [tau = ln 6] is correct exactly up to length 6
    ([theorem1_lengths]) and [tau = ln n] at every length [n >= 3] ([temperature_ln]). *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Farkas Rank RankBound CodeRank ProductCode Paper.
Open Scope R_scope.

(** ** Sums with one term singled out *)

Lemma sum_split (k n : nat) (f : nat -> R) : (k < n)%nat ->
  sumN n f = f k + sumN n (fun j => if Nat.eqb k j then 0 else f j).
Proof.
  intro Hk.
  rewrite (sumN_ext n f (fun j => (if Nat.eqb k j then 1 else 0) * f j + (if Nat.eqb k j then 0 else f j)))
    by (intros j _; destruct (Nat.eqb_spec k j); ring).
  rewrite sumN_plus, sumN_unit by exact Hk. ring.
Qed.

Lemma sum_others_le (k n : nat) (f : nat -> R) (c : R) : (k < n)%nat ->
  (forall j, (j < n)%nat -> j <> k -> f j <= c) ->
  sumN n (fun j => if Nat.eqb k j then 0 else f j) <= (INR n - 1) * c.
Proof.
  intros Hk Hf.
  apply Rle_trans with (sumN n (fun j => c - (if Nat.eqb k j then 1 else 0) * c)).
  - apply sumN_le. intros j Hj. destruct (Nat.eqb_spec k j); [lra|]. apply Hf in Hj; [lra|auto].
  - unfold Rminus. rewrite sumN_plus, sumN_const, sumN_opp, sumN_unit by exact Hk. lra.
Qed.

(** ** Powers: [(2e - 1) B <= B^e] for [B >= 3], [e B <= B^e] for [B >= 2] ([e >= 1]) *)

Lemma pow_ge_base (B : R) (e : nat) : 1 <= B -> (1 <= e)%nat -> B <= B ^ e.
Proof.
  intros HB He. induction e as [|e IH]; [lia|]. destruct e as [|e]; [simpl; lra|].
  specialize (IH ltac:(lia)). change (B ^ S (S e)) with (B * B ^ S e). nra.
Qed.

Lemma pow_lin3 (B : R) (e : nat) : 3 <= B -> (1 <= e)%nat -> (2 * INR e - 1) * B <= B ^ e.
Proof.
  intros HB He. induction e as [|e IH]; [lia|]. destruct e as [|e]; [simpl; lra|].
  specialize (IH ltac:(lia)). pose proof (pow_ge_base B (S e) ltac:(lra) ltac:(lia)).
  change (B ^ S (S e)) with (B * B ^ S e). rewrite S_INR. nra.
Qed.

Lemma pow_lin2 (B : R) (e : nat) : 2 <= B -> (1 <= e)%nat -> INR e * B <= B ^ e.
Proof.
  intros HB He. induction e as [|e IH]; [lia|]. destruct e as [|e]; [simpl; lra|].
  specialize (IH ltac:(lia)). pose proof (pow_ge_base B (S e) ltac:(lra) ltac:(lia)).
  change (B ^ S (S e)) with (B * B ^ S e). rewrite S_INR. nra.
Qed.

(** One term [B^(-e) (e - 1/2)] is at most [1/(2B)] ([B >= 3]); [B^(-e) e <= 1/B] ([B >= 2]). *)
Lemma term_half (B : R) (e : nat) : 3 <= B -> / B ^ e * (INR e - 1 / 2) <= / (2 * B).
Proof.
  intros HB. assert (P : 0 < B ^ e) by (apply pow_lt; lra).
  destruct e as [|e].
  - simpl. assert (0 < / (2 * B)) by (apply Rinv_0_lt_compat; lra). lra.
  - pose proof (pow_lin3 B (S e) HB ltac:(lia)).
    apply (Rmult_le_reg_l (2 * B * B ^ S e)); [nra|].
    replace (2 * B * B ^ S e * (/ B ^ S e * (INR (S e) - 1 / 2))) with ((2 * INR (S e) - 1) * B)
      by (field; lra).
    replace (2 * B * B ^ S e * / (2 * B)) with (B ^ S e) by (field; lra). exact H.
Qed.

Lemma term_eps (B : R) (e : nat) : 2 <= B -> / B ^ e * INR e <= / B.
Proof.
  intros HB. assert (P : 0 < B ^ e) by (apply pow_lt; lra).
  destruct e as [|e].
  - simpl. assert (0 < / B) by (apply Rinv_0_lt_compat; lra). lra.
  - pose proof (pow_lin2 B (S e) HB ltac:(lia)).
    apply (Rmult_le_reg_l (B * B ^ S e)); [nra|].
    replace (B * B ^ S e * (/ B ^ S e * INR (S e))) with (INR (S e) * B) by (field; lra).
    replace (B * B ^ S e * / B) with (B ^ S e) by (field; lra). exact H.
Qed.

(** ** The weighted error: weights [B^(-o_j)], output [sum_j w_j o_j / sum_j w_j], target
    the least [o_j]. *)
Section Weighted.

Context (B : R) (n : nat) (o : nat -> nat).
Hypothesis HB : 2 <= B.
Hypothesis Hn : (1 <= n)%nat.

Let W := sumN n (fun j => / B ^ o j).
Let Num := sumN n (fun j => / B ^ o j * INR (o j)).
Let t := minN n (fun j => INR (o j)).

(** The least overlap is attained at [k]; the excesses [e_j = o_j - o_k]. *)
Lemma least_at : exists k, (k < n)%nat /\ t = INR (o k) /\ forall j, (j < n)%nat -> (o k <= o j)%nat.
Proof.
  destruct (minN_attained n (fun j => INR (o j)) Hn) as (k & Hk & E).
  exists k. split; [exact Hk|split; [exact E|]].
  intros j Hj. apply INR_le. rewrite <- E. apply (minN_le n (fun j => INR (o j)) j Hj).
Qed.

Lemma W_pos : 0 < W.
Proof.
  unfold W. destruct n as [|n']; [lia|]. rewrite sum_split with (k := O) by lia.
  assert (0 < / B ^ o O) by (apply Rinv_0_lt_compat, pow_lt; lra).
  assert (0 <= sumN (S n') (fun j => if Nat.eqb 0 j then 0 else / B ^ o j)).
  { apply sumN_nonneg. intros j _. destruct (Nat.eqb 0 j); [lra|].
    apply Rlt_le, Rinv_0_lt_compat, pow_lt; lra. }
  lra.
Qed.

(** [Num - t W = B^(-t) sum_j B^(-e_j) (e_j - c)] shifted by [c W]: written per term. *)
Lemma shift_term (k j : nat) (c : R) : (o k <= o j)%nat ->
  / B ^ o j * (INR (o j) - INR (o k) - c) = / B ^ o k * (/ B ^ (o j - o k) * (INR (o j - o k) - c)).
Proof.
  intro Hle. rewrite minus_INR by exact Hle.
  replace (o j) with (o k + (o j - o k))%nat at 1 by lia. rewrite pow_add.
  assert (0 < B ^ o k) by (apply pow_lt; lra). assert (0 < B ^ (o j - o k)) by (apply pow_lt; lra).
  field. lra.
Qed.

Lemma excess (c : R) : exists k, (k < n)%nat /\ t = INR (o k) /\
  Num - (t + c) * W = / B ^ o k * sumN n (fun j => / B ^ (o j - o k) * (INR (o j - o k) - c)).
Proof.
  destruct least_at as (k & Hk & Et & Hle). exists k. split; [exact Hk|split; [exact Et|]].
  assert (R : / B ^ o k * sumN n (fun j => / B ^ (o j - o k) * (INR (o j - o k) - c))
              = sumN n (fun j => / B ^ o j * INR (o j) + (- (t + c)) * / B ^ o j)).
  { rewrite <- sumN_scal. apply sumN_ext. intros j Hj.
    rewrite <- shift_term by (apply Hle; exact Hj). rewrite Et. ring. }
  rewrite R, sumN_plus, sumN_scal. unfold Num, W. ring.
Qed.

(** The output is at least the target. *)
Lemma above : 0 <= Num - t * W.
Proof.
  destruct (excess 0) as (k & Hk & _ & E). rewrite Rplus_0_r in E. rewrite E.
  apply Rmult_le_pos; [apply Rlt_le, Rinv_0_lt_compat, pow_lt; lra|].
  apply sumN_nonneg. intros j _. rewrite Rminus_0_r.
  apply Rmult_le_pos; [apply Rlt_le, Rinv_0_lt_compat, pow_lt; lra|apply pos_INR].
Qed.

Lemma out_error (eps : R) : Num - (t + eps) * W < 0 ->
  Rabs (Num / W - t) < eps.
Proof.
  intro U. pose proof W_pos. pose proof above.
  assert (E : Num / W - t = (Num - t * W) / W) by (field; lra).
  rewrite E, Rabs_right.
  - apply (Rmult_lt_reg_r W); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
  - apply Rle_ge. unfold Rdiv. apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra].
Qed.

(** [B >= 3], [B > n - 1]: the error is below [1/2]. *)
Lemma weighted_half : 3 <= B -> INR n - 1 < B -> Rabs (Num / W - t) < 1 / 2.
Proof.
  intros HB3 Hlen. apply out_error.
  destruct (excess (1 / 2)) as (k & Hk & _ & E). rewrite E.
  set (g := fun j => / B ^ (o j - o k) * (INR (o j - o k) - 1 / 2)).
  assert (S : sumN n g < 0).
  { rewrite (sum_split k n g Hk).
    assert (Gk : g k = - (1 / 2)) by (unfold g; rewrite Nat.sub_diag; simpl; field).
    pose proof (sum_others_le k n g (/ (2 * B)) Hk ltac:(intros; apply term_half; exact HB3)).
    assert ((INR n - 1) * / (2 * B) < 1 / 2).
    { apply (Rmult_lt_reg_r (2 * B)); [lra|].
      replace ((INR n - 1) * / (2 * B) * (2 * B)) with (INR n - 1) by (field; lra). lra. }
    lra. }
  assert (0 < / B ^ o k) by (apply Rinv_0_lt_compat, pow_lt; lra).
  fold g. nra.
Qed.

(** [B >= 2], [n - 1 < eps B]: the error is below [eps]. *)
Lemma weighted_eps (eps : R) : INR n - 1 < eps * B -> Rabs (Num / W - t) < eps.
Proof.
  intros Hlen. apply out_error.
  destruct (excess eps) as (k & Hk & _ & E). rewrite E.
  set (g := fun j => / B ^ (o j - o k) * INR (o j - o k)).
  assert (S : sumN n g <= (INR n - 1) * / B).
  { rewrite (sum_split k n g Hk).
    assert (Gk : g k = 0) by (unfold g; rewrite Nat.sub_diag; simpl; ring).
    pose proof (sum_others_le k n g (/ B) Hk ltac:(intros; apply term_eps; exact HB)). lra. }
  assert (Sw : sumN n (fun j => / B ^ (o j - o k)) >= 1).
  { rewrite (sum_split k n _ Hk), Nat.sub_diag. simpl pow. rewrite Rinv_1.
    assert (0 <= sumN n (fun j => if Nat.eqb k j then 0 else / B ^ (o j - o k))).
    { apply sumN_nonneg. intros j _. destruct (Nat.eqb k j); [lra|].
      apply Rlt_le, Rinv_0_lt_compat, pow_lt; lra. }
    lra. }
  rewrite (sumN_ext n _ (fun j => g j - eps * / B ^ (o j - o k))) by (intros; unfold g; ring).
  unfold Rminus. rewrite sumN_plus, sumN_opp, sumN_scal.
  assert ((INR n - 1) * / B < eps).
  { apply (Rmult_lt_reg_r B); [lra|]. replace ((INR n - 1) * / B * B) with (INR n - 1) by (field; lra). lra. }
  assert (0 < / B ^ o k) by (apply Rinv_0_lt_compat, pow_lt; lra).
  assert (0 < eps).
  { assert (0 <= INR n - 1) by (assert (1 <= INR n) by (apply (le_INR 1); exact Hn); lra).
    assert (0 < eps * B) by lra. nra. }
  set (Sw' := sumN n (fun j => / B ^ (o j - o k))) in *.
  assert (I : sumN n g + - (eps * Sw') < 0).
  { assert (eps * 1 <= eps * Sw') by (apply Rmult_le_compat_l; lra). lra. }
  replace 0 with (/ B ^ o k * 0) by ring. apply Rmult_lt_compat_l; assumption.
Qed.

End Weighted.

(** ** The softmax head *)

Section Softmax.

Context (m : nat) (tau : R).

(** The score [<-tau x_i, x_j>] of query [q] and key [k]. *)
Definition score (q k : tok m) : R := sumN m (fun d => (- tau * bitv q d) * bitv k d).

Definition sm_den (n : nat) (X : nat -> tok m) (i : nat) : R := sumN n (fun j => exp (score (X i) (X j))).
(** Coordinate [d] of [o_i = sum_j softmax_ij x_j]. *)
Definition sm_vec (n : nat) (X : nat -> tok m) (i d : nat) : R :=
  sumN n (fun j => exp (score (X i) (X j)) * bitv (X j) d) / sm_den n X i.
(** The readout [<x_i, o_i>]. *)
Definition sm_out (n : nat) (X : nat -> tok m) (i : nat) : R :=
  sumN m (fun d => bitv (X i) d * sm_vec n X i d).

Lemma score_ov q k : score q k = - tau * tov q k.
Proof.
  unfold score. rewrite <- bitv_dot, <- sumN_scal. apply sumN_ext. intros. ring.
Qed.

Lemma exp_nat (o : nat) : exp (- tau * INR o) = / exp tau ^ o.
Proof.
  induction o as [|o IH].
  - simpl. rewrite Rmult_0_r, exp_0. field.
  - rewrite S_INR. replace (- tau * (INR o + 1)) with (- tau * INR o + - tau) by ring.
    rewrite exp_plus, IH, exp_Ropp. simpl.
    assert (0 < exp tau) by apply exp_pos. assert (0 < exp tau ^ o) by (apply pow_lt; lra).
    field. lra.
Qed.

(** The output is the weighted mean of the overlaps with weights [B^(-<x_i,x_j>)]. *)
Lemma sm_weighted n X i :
  sm_out n X i = sumN n (fun j => / exp tau ^ ovt (X i) (X j) * INR (ovt (X i) (X j)))
                 / sumN n (fun j => / exp tau ^ ovt (X i) (X j))
  /\ sm_den n X i = sumN n (fun j => / exp tau ^ ovt (X i) (X j)).
Proof.
  assert (Ew : forall j, exp (score (X i) (X j)) = / exp tau ^ ovt (X i) (X j)).
  { intro j. rewrite score_ov. apply exp_nat. }
  assert (Ed : sm_den n X i = sumN n (fun j => / exp tau ^ ovt (X i) (X j))).
  { unfold sm_den. apply sumN_ext. intros. apply Ew. }
  split; [|exact Ed].
  unfold sm_out, sm_vec. rewrite <- Ed. unfold Rdiv.
  rewrite (sumN_ext m _ (fun d => (bitv (X i) d * sumN n (fun j => exp (score (X i) (X j)) * bitv (X j) d))
                                  * / sm_den n X i)) by (intros; ring).
  rewrite sumN_scal_r. f_equal.
  rewrite (sumN_ext m _ (fun d => sumN n (fun j => exp (score (X i) (X j)) * (bitv (X i) d * bitv (X j) d))))
    by (intros; rewrite <- sumN_scal; apply sumN_ext; intros; ring).
  rewrite sumN_swap. apply sumN_ext. intros j _.
  rewrite sumN_scal, bitv_dot, Ew. reflexivity.
Qed.

(** Correct with error below [1/2] at every position of every sequence of length [n]. *)
Definition sm_correct (n : nat) : Prop :=
  forall (X : nat -> tok m) (i : nat), (i < n)%nat -> Rabs (sm_out n X i - ptarget m n X i) < 1 / 2.

(** ** Every length: [exp tau >= 3] and [exp tau > n - 1] suffice. *)
Theorem softmax_correct (n : nat) : 3 <= exp tau -> INR n - 1 < exp tau -> sm_correct n.
Proof.
  intros H3 Hn X i Hi. destruct (sm_weighted n X i) as [E _]. rewrite E.
  unfold ptarget. change (fun j => tov (X i) (X j)) with (fun j => INR (ovt (X i) (X j))).
  apply (weighted_half (exp tau) n (fun j => ovt (X i) (X j))); [lra|lia|exact H3|exact Hn].
Qed.

End Softmax.

(** ** A constant temperature fails at length [n] once [exp tau <= n - 1] (every [m >= 1]):
    at the query [x = 10...0] of [(x, 0, x, ..., x)] the output is
    [(n-1)/(exp tau + n - 1) >= 1/2] and the target [0]. *)
Section Fails.

Context (m : nat).
Hypothesis Hm : (1 <= m)%nat.

Lemma e1_ok : Nat.eqb (length (true :: repeat false (m - 1))) m = true.
Proof. apply (proj2 (Nat.eqb_eq _ _)). simpl. rewrite repeat_length. lia. Qed.
Definition e1 : tok m := exist _ _ e1_ok.
Definition z0 : tok m := exist _ _ (repeat_ok m).

Lemma ov_e1_e1 : ovt e1 e1 = 1%nat.
Proof. unfold ovt. simpl. rewrite ovn_zeros_l. reflexivity. Qed.
Lemma ov_e1_z0 : ovt e1 z0 = 0%nat.
Proof.
  unfold ovt. simpl. destruct m as [|m']; [lia|]. simpl. rewrite ovn_zeros_l. reflexivity.
Qed.

Definition fail_seq (j : nat) : tok m := if Nat.eqb j 1 then z0 else e1.

Theorem softmax_fails (tau : R) (n : nat) : exp tau <= INR n - 1 ->
  exists X : nat -> tok m, Rabs (sm_out m tau n X 0 - ptarget m n X 0) >= 1 / 2.
Proof.
  intro Hle. exists fail_seq. set (B := exp tau) in *.
  assert (HB : 0 < B) by apply exp_pos.
  assert (Hn : (2 <= n)%nat).
  { destruct (le_lt_dec 2 n) as [L|L]; [exact L|].
    assert (INR n <= 1) by (apply (le_INR n 1); lia). lra. }
  assert (Eo : forall j, ovt (fail_seq 0) (fail_seq j) = if Nat.eqb j 1 then 0%nat else 1%nat).
  { intro j. unfold fail_seq. simpl. destruct (Nat.eqb j 1); [apply ov_e1_z0|apply ov_e1_e1]. }
  destruct (sm_weighted m tau n fail_seq 0) as [E _]. rewrite E. fold B.
  assert (Sw : sumN n (fun j => / B ^ ovt (fail_seq 0) (fail_seq j)) = 1 + (INR n - 1) * / B).
  { rewrite (sum_split 1 n) by lia. rewrite Eo. simpl Nat.eqb. simpl pow. rewrite Rinv_1. f_equal.
    rewrite (sumN_ext n _ (fun j => / B - (if Nat.eqb 1 j then 1 else 0) * / B)).
    - unfold Rminus. rewrite sumN_plus, sumN_const, sumN_opp, sumN_unit by lia. ring.
    - intros j _. rewrite Eo. destruct j as [|[|j]]; simpl; [field; lra|ring|field; lra]. }
  assert (Sn : sumN n (fun j => / B ^ ovt (fail_seq 0) (fail_seq j) * INR (ovt (fail_seq 0) (fail_seq j)))
               = (INR n - 1) * / B).
  { rewrite (sum_split 1 n) by lia. rewrite Eo. simpl Nat.eqb. simpl INR. rewrite Rmult_0_r, Rplus_0_l.
    rewrite (sumN_ext n _ (fun j => / B - (if Nat.eqb 1 j then 1 else 0) * / B)).
    - unfold Rminus. rewrite sumN_plus, sumN_const, sumN_opp, sumN_unit by lia. ring.
    - intros j _. rewrite Eo. destruct j as [|[|j]]; simpl; [field; lra|ring|field; lra]. }
  assert (Et : ptarget m n fail_seq 0 = 0).
  { unfold ptarget. apply minN_eq.
    - intros j _. apply pos_INR.
    - exists 1%nat. split; [lia|]. change (tov (fail_seq 0) (fail_seq 1)) with (INR (ovt (fail_seq 0) (fail_seq 1))).
      rewrite Eo. reflexivity. }
  rewrite Sw, Sn, Et, Rminus_0_r.
  assert (Hn1 : 1 <= INR n - 1) by (assert (2 <= INR n) by (apply (le_INR 2); exact Hn); lra).
  assert (Q : (INR n - 1) * / B / (1 + (INR n - 1) * / B) = (INR n - 1) / (B + (INR n - 1))) by (field; lra).
  rewrite Q, Rabs_right.
  - apply Rle_ge. apply (Rmult_le_reg_r (B + (INR n - 1))); [lra|].
    replace ((INR n - 1) / (B + (INR n - 1)) * (B + (INR n - 1))) with (INR n - 1) by (field; lra). lra.
  - apply Rle_ge. unfold Rdiv. apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra].
Qed.

End Fails.

(** For [exp tau >= 3] and [m >= 1]: softmax at temperature [tau] is correct at length [n]
    exactly when [n - 1 < exp tau]. *)
Theorem softmax_iff (m : nat) (tau : R) (n : nat) :
  (1 <= m)%nat -> 3 <= exp tau -> (sm_correct m tau n <-> INR n - 1 < exp tau).
Proof.
  intros Hm H3. split.
  - intro C. destruct (Rlt_or_le (INR n - 1) (exp tau)) as [L|L]; [exact L|].
    destruct (softmax_fails m Hm tau n L) as (X & F).
    assert (Hn : (1 <= n)%nat).
    { destruct n; [simpl in L; pose proof (exp_pos tau); lra|lia]. }
    specialize (C X 0%nat ltac:(lia)). lra.
  - apply softmax_correct. exact H3.
Qed.

(** ** The paper's Theorem 1: [tau = ln 6], length 3, every [m], every position. *)
Theorem theorem1 (tau : R) : exp tau = 6 ->
  forall (m : nat) (X : nat -> tok m) (i : nat), (i < 3)%nat ->
    0 < sm_den m tau 3 X i /\ Rabs (sm_out m tau 3 X i - ptarget m 3 X i) < 1 / 2.
Proof.
  intros E m X i Hi. split.
  - unfold sm_den. simpl. pose proof (exp_pos (score m tau (X i) (X 0%nat))).
    pose proof (exp_pos (score m tau (X i) (X 1%nat))). pose proof (exp_pos (score m tau (X i) (X 2%nat))). lra.
  - apply (softmax_correct m tau 3); [lra|simpl; lra|exact Hi].
Qed.

(** [tau = ln 6] at other lengths: correct exactly up to length 6 ([m >= 1]). *)
Theorem theorem1_lengths (tau : R) (m n : nat) : exp tau = 6 -> (1 <= m)%nat ->
  (sm_correct m tau n <-> (n <= 6)%nat).
Proof.
  intros E Hm. rewrite (softmax_iff m tau n Hm) by lra. rewrite E. split; intro H.
  - destruct (le_lt_dec n 6) as [L|L]; [exact L|]. assert (INR 7 <= INR n) by (apply le_INR; lia).
    simpl in H0. lra.
  - assert (INR n <= INR 6) by (apply le_INR; exact H). simpl in H0. lra.
Qed.

(** The temperature [tau = ln n] at length [n >= 3]. *)
Theorem temperature_ln (tau : R) (m n : nat) : (3 <= n)%nat -> exp tau = INR n -> sm_correct m tau n.
Proof.
  intros Hn E. assert (INR 3 <= INR n) by (apply le_INR; exact Hn). simpl in H.
  apply softmax_correct; rewrite E; lra.
Qed.
