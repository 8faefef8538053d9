(** * Exact positive features (the paper's Theorem 2, docs/math.md §6.3, docs/formal.md).

    On the paper's model (Paper.v), [2^m] nonnegative features realize the kernel
    [alpha(q,k) = B^(-<q,k>)] exactly: [phi_K(k) = e_k] (one-hot on the [2^m] tokens, listed
    by [tok_of]), [phi_Q(q) = (B^(-<q,z>))_z]; with values [v(k) = k] in [R^m] and the
    readout [<q, o>] this is dense softmax at temperature [ln B] ([softmax_realized]).

    [theorem2]: for every [m], every length [n] and every [eps > 0] such a head (base
    [B = 2 + n / eps]) is correct with error below [eps] at every position of every sequence
    of every length [<= n].  What "exact at every length" cannot mean: error [0] is
    impossible at length 3 for every head of the model, whatever its rank and even with a
    signed kernel ([no_exact_three], [m >= 1]), and no single head with a nonnegative kernel
    has error below [1/2] at every length ([no_uniform_head], [m >= 2]): the head must depend
    on [n].  [theorem6_satisfiable]: the hypotheses of [Paper.theorem6] can be met for every
    [m] (so it is not vacuous). *)

From Coq Require Import Reals Lra Lia List Arith ZArith.
From Minip Require Import Model Farkas Rank Lemma3 Chain RankBound CodeRank ProductCode Paper Softmax.
Import ListNotations.
Open Scope R_scope.

(** ** The [2^m] tokens, listed *)

Fixpoint idxl (l : list bool) : nat :=
  match l with
  | [] => O
  | c :: l' => ((if c then 1 else 0) + 2 * idxl l')%nat
  end.

Fixpoint ofidx (k l : nat) : list bool :=
  match k with
  | O => []
  | S k' => Nat.odd l :: ofidx k' (Nat.div2 l)
  end.

Lemma ofidx_length k l : length (ofidx k l) = k.
Proof. revert l; induction k as [|k IH]; intro l; simpl; [reflexivity|rewrite IH; reflexivity]. Qed.

Lemma ofidx_idxl l : ofidx (length l) (idxl l) = l.
Proof.
  induction l as [|c l IH]; [reflexivity|]. change (length (c :: l)) with (S (length l)).
  destruct c.
  - replace (idxl (true :: l)) with (S (2 * idxl l)) by (simpl; lia).
    change (ofidx (S (length l)) (S (2 * idxl l)))
      with (Nat.odd (S (2 * idxl l)) :: ofidx (length l) (Nat.div2 (S (2 * idxl l)))).
    rewrite Nat.div2_succ_double, Nat.odd_succ, Nat.even_mul, IH. reflexivity.
  - replace (idxl (false :: l)) with (2 * idxl l)%nat by (simpl; lia).
    change (ofidx (S (length l)) (2 * idxl l))
      with (Nat.odd (2 * idxl l) :: ofidx (length l) (Nat.div2 (2 * idxl l))).
    rewrite Nat.div2_double, Nat.odd_mul, IH. reflexivity.
Qed.

Lemma idxl_lt l : (idxl l < 2 ^ length l)%nat.
Proof. induction l as [|c l IH]; simpl; [lia|]. destruct c; lia. Qed.

Section Tokens.
Context (m : nat).

Lemma ofidx_ok l : Nat.eqb (length (ofidx m l)) m = true.
Proof. rewrite ofidx_length. apply Nat.eqb_refl. Qed.

(** The token number [l] ([l < 2^m]) and the number of a token. *)
Definition tok_of (l : nat) : tok m := exist _ (ofidx m l) (ofidx_ok l).
Definition idx (x : tok m) : nat := idxl (proj1_sig x).

Lemma tok_len (x : tok m) : length (proj1_sig x) = m.
Proof. apply Nat.eqb_eq, (proj2_sig x). Qed.

Lemma idx_lt x : (idx x < 2 ^ m)%nat.
Proof. unfold idx. pose proof (idxl_lt (proj1_sig x)) as L. rewrite tok_len in L. exact L. Qed.

Lemma tok_of_idx x : tok_of (idx x) = x.
Proof.
  apply tok_eq. simpl. unfold idx. pose proof (ofidx_idxl (proj1_sig x)) as L. rewrite tok_len in L. exact L.
Qed.

End Tokens.

(** ** The head of Theorem 2 *)

Section ExactHead.

Context (m : nat) (B : R).
Hypothesis HB : 2 <= B.

Definition ex_phiQ (x : tok m) (l : nat) : R := / B ^ ovt x (tok_of m l).
Definition ex_phiK (z : tok m) (l : nat) : R := if Nat.eqb l (idx m z) then 1 else 0.
Definition ex_v (z : tok m) (d : nat) : R := bitv z d.
Definition ex_A (x : tok m) (d : nat) : R := bitv x d.
Definition ex_b (x : tok m) : R := 0.

Lemma ex_features : (forall x l, 0 <= ex_phiQ x l) /\ (forall z l, 0 <= ex_phiK z l).
Proof.
  split; intros.
  - apply Rlt_le, Rinv_0_lt_compat, pow_lt. lra.
  - unfold ex_phiK. destruct (Nat.eqb _ _); lra.
Qed.

(** The [2^m] features realize [B^(-<q,k>)] exactly. *)
Lemma exact_kernel q k : kernel m (2 ^ m) ex_phiQ ex_phiK q k = / B ^ ovt q k.
Proof.
  unfold kernel, ex_phiK.
  rewrite (sumN_ext _ _ (fun l => (if Nat.eqb (idx m k) l then 1 else 0) * ex_phiQ q l))
    by (intros; rewrite Nat.eqb_sym; ring).
  rewrite sumN_unit by apply idx_lt. unfold ex_phiQ. rewrite tok_of_idx. ring.
Qed.

Lemma exact_weighted n X i : (1 <= n)%nat ->
  pden m (2 ^ m) ex_phiQ ex_phiK n X i = sumN n (fun j => / B ^ ovt (X i) (X j)) /\
  yhat m (2 ^ m) m ex_phiQ ex_phiK ex_v ex_A ex_b n X i
  = sumN n (fun j => / B ^ ovt (X i) (X j) * INR (ovt (X i) (X j))) / sumN n (fun j => / B ^ ovt (X i) (X j)).
Proof.
  intro Hn.
  assert (Ed : pden m (2 ^ m) ex_phiQ ex_phiK n X i = sumN n (fun j => / B ^ ovt (X i) (X j))).
  { unfold pden. apply sumN_ext. intros. apply exact_kernel. }
  split; [exact Ed|].
  assert (Hp : 0 < sumN n (fun j => / B ^ ovt (X i) (X j))) by (apply W_pos; [exact HB|exact Hn]).
  rewrite scalarize by (rewrite Ed; lra). rewrite Ed. f_equal. apply sumN_ext. intros j _.
  simpl. change (kernel m (2 ^ m) ex_phiQ ex_phiK (X i) (X j)) with (kernel m (2 ^ m) ex_phiQ ex_phiK (X i) (X j)).
  rewrite exact_kernel. unfold ex_A, ex_v, ex_b. rewrite Rplus_0_r, bitv_dot. reflexivity.
Qed.

(** Error below [eps] at every position of every sequence of length [n] once
    [n - 1 < eps B]. *)
Lemma exact_head_correct (eps : R) (n : nat) (X : nat -> tok m) (i : nat) :
  INR n - 1 < eps * B -> (i < n)%nat ->
  pcorrect m (2 ^ m) m ex_phiQ ex_phiK ex_v ex_A ex_b eps n X i.
Proof.
  intros Hlen Hi. destruct (exact_weighted n X i ltac:(lia)) as [Ed Ey].
  split.
  - rewrite Ed. apply W_pos; [exact HB|lia].
  - rewrite Ey. unfold ptarget. change (fun j => tov (X i) (X j)) with (fun j => INR (ovt (X i) (X j))).
    apply (weighted_eps B n (fun j => ovt (X i) (X j))); [exact HB|lia|exact Hlen].
Qed.

End ExactHead.

(** ** The paper's Theorem 2: for every [m], every length bound [n] and every [eps > 0], a
    head with [2^m] nonnegative features (and values in [R^m]) has error below [eps] at
    every position of every sequence of every length [<= n]. *)
Theorem theorem2 (m n : nat) (eps : R) : 0 < eps ->
  exists (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),
    (forall x l, 0 <= phiQ x l) /\ (forall z l, 0 <= phiK z l) /\
    forall (n' : nat) (X : nat -> tok m) (i : nat), (n' <= n)%nat -> (i < n')%nat ->
      pcorrect m (2 ^ m) m phiQ phiK v A b eps n' X i.
Proof.
  intro He. set (B := 2 + INR n / eps).
  assert (HB : 2 <= B) by (unfold B; assert (0 <= INR n / eps) by (unfold Rdiv; apply Rmult_le_pos;
    [apply pos_INR|apply Rlt_le, Rinv_0_lt_compat; exact He]); lra).
  exists (ex_phiQ m B), (ex_phiK m), (ex_v m), (ex_A m), (ex_b m).
  destruct (ex_features m B HB) as [F1 F2]. split; [exact F1|split; [exact F2|]].
  intros n' X i Hn' Hi. apply (exact_head_correct m B HB eps n' X i); [|exact Hi].
  assert (INR n' <= INR n) by (apply le_INR; exact Hn').
  assert (eps * B = 2 * eps + INR n) by (unfold B; field; lra). lra.
Qed.

(** The head of Theorem 2 is dense softmax at temperature [tau] ([B = exp tau]). *)
Theorem softmax_realized (m : nat) (tau : R) (n : nat) (X : nat -> tok m) (i : nat) :
  2 <= exp tau -> (1 <= n)%nat ->
  yhat m (2 ^ m) m (ex_phiQ m (exp tau)) (ex_phiK m) (ex_v m) (ex_A m) (ex_b m) n X i = sm_out m tau n X i.
Proof.
  intros HB Hn. destruct (exact_weighted m (exp tau) HB n X i Hn) as [_ E]. rewrite E.
  destruct (sm_weighted m tau n X i) as [E' _]. rewrite E'. reflexivity.
Qed.

(** [Paper.theorem6] is not vacuous: its hypotheses hold for a head with [2^m] features. *)
Theorem theorem6_satisfiable (m : nat) :
  exists (r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),
    (forall q k, 0 <= kernel m r phiQ phiK q k) /\
    forall (X : nat -> tok m) (i : nat), (i < 3)%nat -> pcorrect m r D phiQ phiK v A b (1 / 2) 3 X i.
Proof.
  destruct (theorem2 m 3 (1 / 2) ltac:(lra)) as (phiQ & phiK & v & A & b & F1 & F2 & C).
  exists (2 ^ m)%nat, m, phiQ, phiK, v, A, b. split.
  - intros q k. unfold kernel. apply sumN_nonneg. intros. apply Rmult_le_pos; [apply F1|apply F2].
  - intros X i Hi. apply C; [lia|exact Hi].
Qed.

(** ** Error 0 is impossible at length 3 ([m >= 1]), for every head of the model (any [r],
    [D], features, values and readout; the kernel need not be nonnegative): with
    [|x| = 1] and [k = 0], exactness at the last position of [(x,x,x)], [(x,k,x)] and
    [(k,k,x)] forces [alpha(x,x) = 0]. *)
Theorem no_exact_three (m r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R) :
  (1 <= m)%nat ->
  ~ (forall X : nat -> tok m, 0 < pden m r phiQ phiK 3 X 2 /\
       yhat m r D phiQ phiK v A b 3 X 2 = ptarget m 3 X 2).
Proof.
  intros Hm Hall.
  set (x := e1 m Hm). set (k := z0 m).
  set (H := table m r D phiQ phiK v A b).
  set (a := alpha H x x). set (c := alpha H x k). set (sx := s H x x). set (sk := s H x k).
  assert (Hxx : tov x x = 1) by (change (INR (ovt x x) = 1); unfold x; rewrite ov_e1_e1; reflexivity).
  assert (Hxk : tov x k = 0) by (change (INR (ovt x k) = 0); unfold x, k; rewrite ov_e1_z0; reflexivity).
  (* a sequence of length 3 queried at [x] in its last position *)
  assert (Seq : forall k1 k2, 0 < alpha H x k1 + alpha H x k2 + a /\
            (alpha H x k1 * s H x k1 + alpha H x k2 * s H x k2 + a * sx) / (alpha H x k1 + alpha H x k2 + a)
            = Rmin (Rmin (Rmin (tov x k1) (tov x k1)) (tov x k2)) (tov x x)).
  { intros k1 k2. set (X := fun j => match j with O => k1 | 1%nat => k2 | _ => x end).
    destruct (Hall X) as [Hd Hy].
    assert (Ed : pden m r phiQ phiK 3 X 2 = alpha H x k1 + alpha H x k2 + a) by (unfold pden, a, H, table; simpl; ring).
    rewrite scalarize in Hy by lra. rewrite Ed in Hy, Hd. split; [exact Hd|].
    replace (Rmin (Rmin (Rmin (tov x k1) (tov x k1)) (tov x k2)) (tov x x)) with (ptarget m 3 X 2)
      by reflexivity.
    rewrite <- Hy. f_equal. unfold sx, a, H. simpl. ring. }
  destruct (Seq x x) as [D1 E1]. destruct (Seq x k) as [D2 E2]. destruct (Seq k k) as [D3 E3].
  fold a sx in E1, E2, E3. fold c sk in E2, E3.
  rewrite Hxx in E1, E2, E3. rewrite Hxk in E2, E3.
  assert (M1 : Rmin (Rmin (Rmin 1 1) 1) 1 = 1) by (unfold Rmin; repeat destruct Rle_dec; lra).
  assert (M2 : Rmin (Rmin (Rmin 1 1) 0) 1 = 0) by (unfold Rmin; repeat destruct Rle_dec; lra).
  assert (M3 : Rmin (Rmin (Rmin 0 0) 0) 1 = 0) by (unfold Rmin; repeat destruct Rle_dec; lra).
  rewrite M1 in E1. rewrite M2 in E2. rewrite M3 in E3.
  fold a in D1. fold a c in D2. fold c a in D3.
  assert (Pa : 0 < a) by lra.
  assert (S1 : sx = 1).
  { rewrite <- E1. field. lra. }
  assert (A2 : a * sx + c * sk + a * sx = 0).
  { replace 0 with (0 * (a + c + a)) by ring. rewrite <- E2. field. lra. }
  assert (A3 : c * sk + c * sk + a * sx = 0).
  { replace 0 with (0 * (c + c + a)) by ring. rewrite <- E3. field. lra. }
  rewrite S1 in A2, A3. lra.
Qed.

(** ** No single head is correct at every length ([m >= 2]): with [|x| = 2] and [y = 0],
    Lemma 3 at length [n] gives [alpha(x,y) > (n - 2) alpha(x,x)], and [alpha(x,x) > 0]. *)
Section Uniform.

Context (m : nat).
Hypothesis Hm : (2 <= m)%nat.

Lemma e2_ok : Nat.eqb (length (true :: true :: repeat false (m - 2))) m = true.
Proof. apply (proj2 (Nat.eqb_eq _ _)). simpl. rewrite repeat_length. lia. Qed.
Definition e2 : tok m := exist _ _ e2_ok.

Lemma ov_e2_e2 : ovt e2 e2 = 2%nat.
Proof. unfold ovt. simpl. rewrite ovn_zeros_l. reflexivity. Qed.
Lemma ov_e2_z0 : ovt e2 (z0 m) = 0%nat.
Proof.
  unfold ovt. simpl. destruct m as [|[|m']]; [lia|lia|]. simpl. rewrite ovn_zeros_l. reflexivity.
Qed.

Lemma nat_above (c : R) : exists n : nat, c < INR n.
Proof.
  destruct (archimed c) as [H _]. exists (S (Z.to_nat (up c))).
  rewrite S_INR. destruct (Z_le_gt_dec 0 (up c)) as [P|P].
  - rewrite INR_IZR_INZ, Z2Nat.id by exact P. lra.
  - assert (IZR (up c) <= 0) by (apply IZR_le; lia). pose proof (pos_INR (Z.to_nat (up c))). lra.
Qed.

Theorem no_uniform_head (r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R) :
  (forall q k, 0 <= kernel m r phiQ phiK q k) ->
  ~ (forall (n : nat) (X : nat -> tok m), (1 <= n)%nat -> pcorrect m r D phiQ phiK v A b (1 / 2) n X (n - 1)).
Proof.
  intros Hnn Hall.
  set (H := table m r D phiQ phiK v A b). set (x := e2). set (y := z0 m).
  assert (C : forall n, (1 <= n)%nat -> correct_all tov n (1 / 2) H x).
  { intros n Hn. apply (reduction_all m r D phiQ phiK v A b (1 / 2) n); [|exact Hn].
    intro X. apply Hall. exact Hn. }
  assert (Hxx : tov x x = 2) by (change (INR (ovt x x) = 2); unfold x; rewrite ov_e2_e2; simpl; ring).
  assert (Hxy : tov x y = 0) by (change (INR (ovt x y) = 0); unfold x, y; rewrite ov_e2_z0; reflexivity).
  assert (Pa : 0 < alpha H x x).
  { destruct (C 1%nat ltac:(lia) [] eq_refl) as [Hd _].
    assert (E0 : den H x (plain []) = alpha H x x) by (unfold den, H; simpl; ring). lra. }
  destruct (nat_above (alpha H x y / alpha H x x)) as (n0 & Hn0).
  set (n := (n0 + 3)%nat).
  assert (Hn3 : 3 <= INR n) by (unfold n; rewrite plus_INR; simpl; pose proof (pos_INR n0); lra).
  destruct (paper_of_all tov H x n (1 / 2) y x ltac:(unfold n; lia) (C n ltac:(unfold n; lia)))
    as (C1 & C2 & C3).
  pose proof (lemma3 tov x y x ltac:(lra) (Rle_refl _) (INR n) (1 / 2) H Hn3 ltac:(lra)
                ltac:(rewrite Hxx, Hxy; lra) Hnn C1 C2 C3) as L.
  rewrite Hxx, Hxy in L. unfold Kfac in L.
  replace ((INR n - 2) * (2 - 0 - 2 * (1 / 2)) / (2 * (1 / 2))) with (INR n - 2) in L by field.
  assert (INR n - 2 > alpha H x y / alpha H x x).
  { unfold n. rewrite plus_INR. replace (INR 3) with 3 by (simpl; ring). lra. }
  assert ((alpha H x y / alpha H x x) * alpha H x x = alpha H x y) by (field; lra).
  nra.
Qed.

End Uniform.
