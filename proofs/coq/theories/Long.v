(** * Longer sequences: an exponent that grows with the length (docs/formal.md).

    At length [n] Lemma 3's factor for a gap [d] is [(n - 2)(d - 1)], so gaps of 2 force
    [alpha(x, rep lo) >= (n - 2)^(o/2) alpha(x, rep (lo + o))] roughly: with the product code of
    Main.v ([t = m div 16] copies of the 870 weight-8 words of the extended Hamming code), an
    entry of overlap [o >= 2] has [L^-2 <= (n - 2) (n - 2)^-o], and the pair sum of the block
    with base [1/(n - 2)] is at most [870 + 870^2/(n - 2)^2] (every off-diagonal overlap is at
    least 2).  [rank_long]: every head of the paper's model correct at the last position of
    every length-[n] sequence, [n >= 4], has
    [r >= (870 / (1 + 870/(n - 2)^2))^(m div 16) / (n - 2)]: the exponent per coordinate,
    [log2(870 / (1 + 870/(n-2)^2)) / 16], grows with [n] from 0.12 ([n = 4]) to 0.55 ([n = 32])
    and toward [log2(870)/16 = 0.61], the most this code can give ([870^t] pairs). *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Farkas Chain Rank RankBound CodeRank ProductCode Main Paper.
Import ListNotations.
Open Scope R_scope.

(** ** Pair sums with any base *)

Definition pairsumq (qq : R) (t : nat) : R :=
  sumN (KB ^ t) (fun i => sumN (KB ^ t) (fun j => qq ^ ovn (word t i) (neg (word t j)))).

Definition blocksumq (qq : R) : R :=
  sumN KB (fun a => sumN KB (fun b => qq ^ ovn (nth a block []) (neg (nth b block [])))).

Lemma pairsumq_S qq t : pairsumq qq (S t) = blocksumq qq * pairsumq qq t.
Proof.
  unfold pairsumq. change (KB ^ S t)%nat with (KB * KB ^ t)%nat. rewrite Nat.mul_comm.
  rewrite sumN_mul.
  transitivity (sumN (KB ^ t) (fun c => sumN KB (fun a => sumN (KB ^ t) (fun c' => sumN KB (fun b =>
    qq ^ ovn (nth a block []) (neg (nth b block [])) * qq ^ ovn (word t c) (neg (word t c'))))))).
  - apply sumN_ext. intros c _. apply sumN_ext. intros a Ha. rewrite sumN_mul.
    apply sumN_ext. intros c' _. apply sumN_ext. intros b Hb.
    rewrite word_split, pow_add. destruct (mod_div_KB c a Ha) as [-> ->].
    destruct (mod_div_KB c' b Hb) as [-> ->]. reflexivity.
  - rewrite <- sumN_scal. apply sumN_ext. intros c _.
    rewrite (sumN_swap KB (KB ^ t)). rewrite <- sumN_scal. apply sumN_ext. intros c' _.
    unfold blocksumq. rewrite <- sumN_scal_r. apply sumN_ext. intros a _.
    rewrite <- sumN_scal_r. reflexivity.
Qed.

Lemma pairsumq_pow qq t : pairsumq qq t = blocksumq qq ^ t.
Proof.
  induction t as [|t IH].
  - unfold pairsumq. simpl. ring.
  - rewrite pairsumq_S, IH. simpl. ring.
Qed.

Lemma offsum_const k c : 0 <= c -> offsum k (fun _ _ => c) <= INR k * INR k * c.
Proof.
  intro Hc. unfold offsum.
  apply Rle_trans with (sumN k (fun _ => sumN k (fun _ => c))).
  - apply sumN_le. intros. apply sumN_le. intros. destruct (Nat.eqb _ _); lra.
  - rewrite !sumN_const. lra.
Qed.

Lemma pow_le_sq (qq : R) (o : nat) : 0 <= qq <= 1 -> (2 <= o)%nat -> qq ^ o <= qq ^ 2.
Proof.
  intros Hq Ho. replace o with (2 + (o - 2))%nat by lia. rewrite pow_add.
  assert (qq ^ (o - 2) <= 1) by (rewrite <- (pow1 (o - 2)); apply pow_incr; lra).
  assert (0 <= qq ^ 2) by (apply pow_le; lra). nra.
Qed.

(** Off the block's diagonal every overlap is at least 2. *)
Lemma blocksumq_le qq : 0 <= qq <= 1 -> blocksumq qq <= INR KB + INR KB * INR KB * qq ^ 2.
Proof.
  intro Hq. unfold blocksumq. rewrite sum_diag_off.
  rewrite (sumN_ext KB _ (fun _ => 1)) by (intros; rewrite ovn_neg_self; reflexivity).
  rewrite sumN_const, Rmult_1_r. apply Rplus_le_compat_l.
  eapply Rle_trans; [|apply offsum_const; apply pow_le; lra].
  apply offsum_le. intros a b Ha Hb Hab. apply pow_le_sq; [exact Hq|].
  apply sep_nth; [exact block_sep|rewrite block_length; exact Ha|rewrite block_length; exact Hb|exact Hab].
Qed.

(** ** Chains of gaps 2 (and one of 3) *)

Definition split2 (o : nat) : list nat := (o - 2 * ((o - 2) / 2))%nat :: repeat 2%nat ((o - 2) / 2).

Lemma list_sum_repeat2 k : list_sum (repeat 2%nat k) = (2 * k)%nat.
Proof. induction k as [|k IH]; simpl; [reflexivity|]. rewrite IH. lia. Qed.

Lemma split2_rem o : (2 <= o)%nat ->
  (2 <= o - 2 * ((o - 2) / 2) <= 3)%nat /\ (o = (o - 2 * ((o - 2) / 2)) + 2 * ((o - 2) / 2))%nat.
Proof.
  intro Ho. pose proof (Nat.div_mod (o - 2) 2 ltac:(lia)) as D.
  pose proof (Nat.mod_upper_bound (o - 2) 2 ltac:(lia)) as U. lia.
Qed.

Lemma split2_facts o : (2 <= o)%nat ->
  split2 o <> [] /\ Forall (fun d => (2 <= d)%nat) (split2 o) /\ list_sum (split2 o) = o.
Proof.
  intro Ho. destruct (split2_rem o Ho) as [R E].
  assert (Es : list_sum (split2 o) = ((o - 2 * ((o - 2) / 2)) + list_sum (repeat 2%nat ((o - 2) / 2)))%nat)
    by reflexivity.
  split; [discriminate|split].
  - constructor; [cbv beta; lia|]. apply Forall_forall. intros d Hd. apply repeat_spec in Hd. lia.
  - rewrite Es, list_sum_repeat2. lia.
Qed.

Lemma chainprod_repeat2 (n : R) k : chainprod n (repeat 2%nat k) = (n - 2) ^ k.
Proof.
  induction k as [|k IH]; cbn [chainprod repeat pow]; [reflexivity|].
  rewrite IH. replace (INR 2) with 2 by (simpl; lra). ring.
Qed.

(** [(n - 2)^(o - 1) <= chain^2] for the split [split2 o]. *)
Lemma split2_bound (n o : nat) : (3 <= n)%nat -> (2 <= o)%nat ->
  (INR n - 2) ^ (o - 1) <= chainprod (INR n) (split2 o) ^ 2.
Proof.
  intros Hn Ho. destruct (split2_rem o Ho) as [R E].
  set (k := ((o - 2) / 2)%nat) in *. set (rm := (o - 2 * k)%nat) in *.
  assert (Hn1 : 1 <= INR n - 2) by (assert (INR 3 <= INR n) by (apply le_INR; exact Hn); simpl in H; lra).
  unfold split2. fold k rm. cbn [chainprod]. rewrite chainprod_repeat2.
  assert (Hr : 1 <= INR rm - 1) by (assert (INR 2 <= INR rm) by (apply le_INR; lia); simpl in H; lra).
  assert (Hp : 1 <= (INR n - 2) ^ k) by (apply pow_R1_Rle; exact Hn1).
  assert (Low : (INR n - 2) ^ (S k) <= (INR n - 2) * (INR rm - 1) * (INR n - 2) ^ k).
  { simpl. assert (0 <= (INR n - 2) * (INR n - 2) ^ k) by nra. nra. }
  apply Rle_trans with (((INR n - 2) ^ (S k)) ^ 2).
  - rewrite <- pow_mult. apply Rle_pow; [exact Hn1|lia].
  - apply pow_incr. split; [apply pow_le; lra|exact Low].
Qed.

(** ** The product code at length [n] *)

Definition Ln (n h c : nat) : R := chainprod (INR n) (split2 (Nat.min c h)).

Section ProductN.

Context (m t s n : nat).
Hypothesis Hm : m = (16 * t + s)%nat.
Hypothesis Ht : (1 <= t)%nat.
Hypothesis Hn : (4 <= n)%nat.

Let h := (8 * t)%nat.
Let k := (KB ^ t)%nat.
Let qq := / (INR n - 2).

Lemma Hn2 : 2 <= INR n - 2.
Proof. assert (INR 4 <= INR n) by (apply le_INR; exact Hn). simpl in H. lra. Qed.

Lemma forced_okn : ratios_forced n (1 / 2) m h 0 k (cx m t s) (cy m t s) (Ln n h).
Proof.
  intros i j Hi Hj Hij. cbv zeta.
  destruct (cls_min h (cx m t s i) (cy m t s j) (ov_le m t s Hm Ht i j)) as [Em Hc].
  pose proof (ov_ge m t s Hm Ht i j Hi Hj Hij) as Ho.
  destruct (split2_facts (Nat.min (cls_of h (cx m t s i) (cy m t s j)) h) ltac:(lia)) as (Ne & Fa & Su).
  split; [intro E; rewrite E in Em; simpl in Em; lia|split].
  - unfold Ln. pose proof (chainprod_ge1 (INR n) _ ltac:(assert (INR 3 <= INR n) by (apply le_INR; lia); simpl in H; lra) Fa). lra.
  - apply chain_forced; [lia|exact Ne|exact Fa|exact Hc|exact Su].
Qed.

(** [L^-2 <= (n - 2) qq^o] for an entry of overlap [o >= 2]. *)
Lemma inv_Ln i j : (i < k)%nat -> (j < k)%nat -> i <> j ->
  / Ln n h (cls_of h (cx m t s i) (cy m t s j)) ^ 2 <= (INR n - 2) * qq ^ ovt (cx m t s i) (cy m t s j).
Proof.
  intros Hi Hj Hij. pose proof Hn2 as N2.
  destruct (cls_min h (cx m t s i) (cy m t s j) (ov_le m t s Hm Ht i j)) as [Em _].
  pose proof (ov_ge m t s Hm Ht i j Hi Hj Hij) as Ho.
  set (o := ovt (cx m t s i) (cy m t s j)) in *.
  unfold Ln. rewrite Em.
  pose proof (split2_bound n o ltac:(lia) Ho) as B.
  assert (P : 0 < (INR n - 2) ^ (o - 1)) by (apply pow_lt; lra).
  apply Rle_trans with (/ (INR n - 2) ^ (o - 1)).
  - apply Rinv_le_contravar; [exact P|exact B].
  - unfold qq. rewrite pow_inv. replace o with (S (o - 1)) at 2 by lia. simpl.
    right. field. split; [apply Rgt_not_eq, pow_lt; lra|lra].
Qed.

Lemma value_long :
  (INR KB / (1 + INR KB * qq ^ 2)) ^ t / (INR n - 2)
  <= code_value k (fun i j => Ln n h (cls_of h (cx m t s i) (cy m t s j))).
Proof.
  pose proof Hn2 as N2.
  assert (Hq : 0 <= qq <= 1).
  { unfold qq. split; [apply Rlt_le, Rinv_0_lt_compat; lra|].
    rewrite <- Rinv_1. apply Rinv_le_contravar; lra. }
  set (Lr := fun i j => Ln n h (cls_of h (cx m t s i) (cy m t s j))).
  set (o := fun i j => ovt (cx m t s i) (cy m t s j)).
  set (S := offsum k (fun i j => / Lr i j ^ 2)).
  set (Q := offsum k (fun i j => qq ^ o i j)).
  assert (HS : S <= (INR n - 2) * Q).
  { unfold S, Q. rewrite <- offsum_scal. apply offsum_le. intros i j Hi Hj Hij. apply inv_Ln; assumption. }
  assert (HS0 : 0 <= S).
  { unfold S, offsum. apply sumN_nonneg. intros i Hi. apply sumN_nonneg. intros j Hj.
    destruct (Nat.eqb_spec i j) as [_|Nij]; [lra|].
    apply Rlt_le, Rinv_0_lt_compat, pow_lt.
    destruct (cls_min h (cx m t s i) (cy m t s j) (ov_le m t s Hm Ht i j)) as [Em _].
    pose proof (ov_ge m t s Hm Ht i j Hi Hj Nij) as Ho.
    unfold Lr, Ln. rewrite Em. destruct (split2_facts _ Ho) as (_ & Fa & _).
    assert (1 <= chainprod (INR n) (split2 (ovt (cx m t s i) (cy m t s j))))
      by (apply chainprod_ge1; [lra|exact Fa]). lra. }
  (* the pair sum: diagonal 1, off the diagonal [Q] *)
  assert (Hps : pairsumq qq t = INR k + Q).
  { unfold pairsumq. fold k.
    rewrite (sumN_ext k _ (fun i => sumN k (fun j => qq ^ o i j))).
    - rewrite sum_diag_off. f_equal.
      rewrite (sumN_ext k _ (fun _ => 1)); [rewrite sumN_const; ring|].
      intros i _. unfold o. rewrite ov_xy by assumption. rewrite ovn_neg_self. reflexivity.
    - intros i _. apply sumN_ext. intros j _. unfold o. rewrite ov_xy by assumption. reflexivity. }
  rewrite pairsumq_pow in Hps.
  assert (HQ0 : 0 <= Q).
  { unfold Q, offsum. apply sumN_nonneg. intros. apply sumN_nonneg. intros.
    destruct (Nat.eqb _ _); [lra|apply pow_le; lra]. }
  assert (Hk : INR k = INR KB ^ t) by (unfold k; apply pow_INR).
  assert (HKB : 0 < INR KB) by (unfold KB; simpl; lra).
  assert (HkP : 0 < INR k) by (rewrite Hk; apply pow_lt; exact HKB).
  set (B := blocksumq qq) in *.
  assert (HB : B <= INR KB + INR KB * INR KB * qq ^ 2) by (apply blocksumq_le; exact Hq).
  assert (HBt : 0 < B ^ t) by (rewrite Hps; lra).
  (* [value >= k^2 / ((n - 2) B^t)] *)
  assert (Den : INR k + S <= (INR n - 2) * B ^ t).
  { rewrite Hps. nra. }
  assert (V : INR k ^ 2 / ((INR n - 2) * B ^ t) <= code_value k Lr).
  { unfold code_value. fold S. unfold Rdiv. apply Rmult_le_compat_l; [apply pow2_ge_0|].
    apply Rinv_le_contravar; [lra|exact Den]. }
  eapply Rle_trans; [|exact V].
  (* [(KB / (1 + KB qq^2))^t = KB^2t / (KB + KB^2 qq^2)^t <= k^2 / B^t] *)
  assert (E1 : INR KB / (1 + INR KB * qq ^ 2) = INR KB ^ 2 / (INR KB + INR KB * INR KB * qq ^ 2)).
  { assert (0 <= qq ^ 2) by (apply pow_le; lra). field. split; nra. }
  rewrite E1.
  assert (Hc : 0 < INR KB + INR KB * INR KB * qq ^ 2) by (assert (0 <= qq ^ 2) by (apply pow_le; lra); nra).
  assert (Pw : B ^ t <= (INR KB + INR KB * INR KB * qq ^ 2) ^ t).
  { apply pow_incr. split; [|exact HB]. unfold B, blocksumq. apply sumN_nonneg. intros. apply sumN_nonneg.
    intros. apply pow_le; lra. }
  assert (Ek2 : INR k ^ 2 = (INR KB ^ 2) ^ t) by (rewrite Hk, <- !pow_mult, Nat.mul_comm; reflexivity).
  rewrite Ek2. unfold Rdiv. rewrite Rpow_mult_distr, pow_inv, Rinv_mult, Rmult_assoc.
  apply Rmult_le_compat_l; [apply pow_le, pow2_ge_0|].
  rewrite Rmult_comm. apply Rmult_le_compat_l; [apply Rlt_le, Rinv_0_lt_compat; lra|].
  apply Rinv_le_contravar; [exact HBt|exact Pw].
Qed.

(** The Model.v form: every head correct on all length-[n] sequences. *)
Lemma long_bound (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R) :
  feature_head m n (1 / 2) H r phi psi ->
  (INR KB / (1 + INR KB * qq ^ 2)) ^ t / (INR n - 2) <= INR r.
Proof.
  intro Hh. eapply Rle_trans; [apply value_long|].
  refine (code_rank m n h 0 k (1 / 2) (cx m t s) (cy m t s) (Ln n h) _ _ _ _ (code_ok m t s Hm Ht)
            forced_okn H r phi psi Hh); [lia|lra| |unfold k; apply Nat.neq_0_lt_0, Nat.pow_nonzero; unfold KB; lia].
  pose proof Hn2. unfold h. rewrite mult_INR. simpl INR.
  assert (1 <= INR t) by (apply (le_INR 1); exact Ht). nra.
Qed.

End ProductN.

(** ** Longer sequences, on the paper's model: for every [m >= 16] and every length [n >= 4],
    every head of the paper's model ([r] features, a nonnegative kernel, values in any [R^D],
    any affine readout) correct at the last position of every sequence of length [n] has
    [r >= (870 / (1 + 870/(n - 2)^2))^(m div 16) / (n - 2)]. *)
Theorem rank_long (m n r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R) :
  (4 <= n)%nat -> (16 <= m)%nat ->
  (forall q k, 0 <= kernel m r phiQ phiK q k) ->
  (forall X : nat -> tok m, pcorrect m r D phiQ phiK v A b (1 / 2) n X (n - 1)) ->
  (870 / (1 + 870 / (INR n - 2) ^ 2)) ^ (m / 16) / (INR n - 2) <= INR r.
Proof.
  intros Hn Hm Hnn Hc.
  assert (C : forall x, correct_all tov n (1 / 2) (table m r D phiQ phiK v A b) x)
    by (apply (reduction_all m r D phiQ phiK v A b (1 / 2) n Hc); lia).
  pose proof (long_bound m (m / 16) (m mod 16) n ltac:(apply Nat.div_mod; lia)
                ltac:(apply Nat.div_le_lower_bound; lia) Hn (table m r D phiQ phiK v A b) r
                (fun l q => phiQ q l) (fun l k => phiK k l) (conj Hnn (conj C (fun q k => eq_refl)))) as L.
  replace (INR KB) with 870 in L by (unfold KB; simpl; lra).
  assert (N2 : 2 <= INR n - 2) by (assert (INR 4 <= INR n) by (apply le_INR; exact Hn); simpl in H; lra).
  replace (870 / (INR n - 2) ^ 2) with (870 * (/ (INR n - 2)) ^ 2) by (rewrite pow_inv; field; lra).
  exact L.
Qed.
