(** * Theorem 6 for every [m], and an exponential rank bound for every [m].

    The paper's Theorem 6 (quoted in docs/formal.md): a head of the model over [{0,1}^m]
    that is correct on all length-3 sequences needs [r >= 2^(m/10 - 6)] features, for
    [m >= 168].  Here: [rank_exponential] proves [r >= 2^(7m/40 - 53/8)] for every [m]
    (stated as [r^40 >= 2^(7m - 265)]), and [theorem6] the paper's statement (stated as
    [r^10 >= 2^(m - 60)]).  Powers with natural exponents keep the proofs free of
    [Classical_Prop.classic], which the library's lemmas on [Rpower] assume.

    The proof: [t = m div 16] copies of the 870 weight-8 words of the extended Hamming code
    (ProductCode.v), padded with [m mod 16] zeros, and [y_i = ¬x_i] on the first [16 t]
    coordinates: a code of shape [(m, 8t, 0)] with [k = 870^t] pairs and off-diagonal
    overlaps [o >= 2].  The chain bound (Chain.forced_ratio_chain, gaps of 5 and one of
    2..6) forces the ratio [L >= (13/10)^o / 4] for overlap [o], so
    [L^-2 <= 16 q^o] with [q = 100/169]; CodeRank.code_rank gives
    [r >= k^2 / (k + sum_{i<>j} L_ij^-2) >= k^2 / (16 sum_{i,j} q^o_ij)]
    [= (870^2 / blocksum)^t / 16 >= 7^t / 16], and [7^t >= 2^(14t/5)]. *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Farkas Chain Rank RankBound CodeRank ProductCode.
Import ListNotations.
Open Scope R_scope.

(** ** Chain splits [o = rem + 5 q], [2 <= rem <= 6] *)

Definition split5 (o : nat) : list nat :=
  (o - 5 * ((o - 2) / 5))%nat :: repeat 5%nat ((o - 2) / 5).

Lemma list_sum_repeat5 n : list_sum (repeat 5%nat n) = (5 * n)%nat.
Proof. induction n as [|n IH]; simpl; [reflexivity|]. rewrite IH. lia. Qed.

Lemma split5_rem o : (2 <= o)%nat ->
  (2 <= o - 5 * ((o - 2) / 5) <= 6)%nat /\ (o = (o - 5 * ((o - 2) / 5)) + 5 * ((o - 2) / 5))%nat.
Proof.
  intro Ho. pose proof (Nat.div_mod (o - 2) 5 ltac:(lia)) as D.
  pose proof (Nat.mod_upper_bound (o - 2) 5 ltac:(lia)) as U. lia.
Qed.

Lemma split5_facts o : (2 <= o)%nat ->
  split5 o <> [] /\ Forall (fun d => (2 <= d)%nat) (split5 o) /\ list_sum (split5 o) = o.
Proof.
  intro Ho. destruct (split5_rem o Ho) as [R E].
  assert (Es : list_sum (split5 o) = ((o - 5 * ((o - 2) / 5)) + list_sum (repeat 5%nat ((o - 2) / 5)))%nat)
    by reflexivity.
  split; [discriminate|split].
  - constructor; [cbv beta; lia|]. apply Forall_forall. intros d Hd. apply repeat_spec in Hd. lia.
  - rewrite Es, list_sum_repeat5. lia.
Qed.

Lemma chainprod_repeat5 n : chainprod (INR 3) (repeat 5%nat n) = 4 ^ n.
Proof.
  induction n as [|n IH]; cbn [chainprod repeat pow]; [reflexivity|].
  rewrite IH. replace (INR 3) with 3 by (simpl; lra). replace (INR 5) with 5 by (simpl; lra). ring.
Qed.

(** The chain bound at [n = 3]: [chain_3(o) >= (13/10)^o / 4] ([4 >= (13/10)^5]). *)
Lemma split5_bound o : (2 <= o)%nat -> (13 / 10) ^ o / 4 <= chainprod (INR 3) (split5 o).
Proof.
  intro Ho. destruct (split5_rem o Ho) as [R E].
  set (qq := ((o - 2) / 5)%nat) in *. set (rm := (o - 5 * qq)%nat) in *.
  unfold split5. fold qq rm. cbn [chainprod]. rewrite chainprod_repeat5.
  rewrite E at 1. rewrite pow_add, pow_mult.
  assert (H5 : 0 <= (13 / 10) ^ 5 <= 4) by (simpl; lra).
  assert (Hp : 0 <= ((13 / 10) ^ 5) ^ qq <= 4 ^ qq).
  { split; [apply pow_le; lra|apply pow_incr; exact H5]. }
  assert (Hr : 0 <= (13 / 10) ^ rm / 4 <= (INR 3 - 2) * (INR rm - 1)).
  { assert (rm = 2 \/ rm = 3 \/ rm = 4 \/ rm = 5 \/ rm = 6)%nat as C by lia.
    replace (INR 3) with 3 by (simpl; lra).
    destruct C as [C|[C|[C|[C|C]]]]; rewrite C; simpl; lra. }
  replace ((13 / 10) ^ rm * ((13 / 10) ^ 5) ^ qq / 4) with ((13 / 10) ^ rm / 4 * ((13 / 10) ^ 5) ^ qq)
    by (unfold Rdiv; ring).
  apply Rmult_le_compat; lra.
Qed.

(** The ratio used for the class [c] of an entry of a code of weight [h]. *)
Definition Lc (h c : nat) : R := chainprod (INR 3) (split5 (Nat.min c h)).

Lemma inv_chain_sq o : / ((13 / 10) ^ o / 4) ^ 2 = 16 * q ^ o.
Proof.
  assert (Hq : q = (/ (13 / 10)) ^ 2) by (unfold q; simpl; field).
  rewrite Hq, <- pow_mult, Nat.mul_comm, pow_mult, pow_inv.
  assert (0 < (13 / 10) ^ o) by (apply pow_lt; lra).
  field. lra.
Qed.

(** ** The class of an entry and its overlap *)

Lemma cls_min {m} h (x y : tok m) : (ovt x y <= h)%nat ->
  Nat.min (cls_of h x y) h = ovt x y /\ (cls_of h x y <= S h)%nat.
Proof.
  intro Ho. unfold cls_of, cls. cbv zeta. change (ovn (proj1_sig x) (proj1_sig y)) with (ovt x y).
  destruct (Nat.ltb_spec (ovt x y) h); [split; lia|].
  destruct (lbeq _ _); split; lia.
Qed.

(** ** The code for [m = 16 t + s] *)

Section Product.

Context (m t s : nat).
Hypothesis Hm : m = (16 * t + s)%nat.
Hypothesis Ht : (1 <= t)%nat.

Definition cx (i : nat) : tok m := mk m (word t i ++ repeat false s).
Definition cy (i : nat) : tok m := mk m (neg (word t i) ++ repeat false s).

Lemma cx_val i : proj1_sig (cx i) = word t i ++ repeat false s.
Proof.
  apply mk_val. rewrite app_length, word_length, repeat_length, Hm. apply Nat.eqb_refl.
Qed.

Lemma cy_val i : proj1_sig (cy i) = neg (word t i) ++ repeat false s.
Proof.
  apply mk_val. rewrite app_length, neg_length, word_length, repeat_length, Hm. apply Nat.eqb_refl.
Qed.

Lemma ov_xy i j : ovt (cx i) (cy j) = ovn (word t i) (neg (word t j)).
Proof.
  unfold ovt. rewrite cx_val, cy_val, ovn_app by (rewrite neg_length, !word_length; reflexivity).
  rewrite ovn_zeros_l. lia.
Qed.

Lemma ov_xx i : ovt (cx i) (cx i) = (8 * t)%nat.
Proof.
  unfold ovt. rewrite cx_val, ovn_app by reflexivity. rewrite ovn_zeros_l, word_weight. lia.
Qed.

Let h := (8 * t)%nat.
Let k := (KB ^ t)%nat.

Lemma code_ok : is_code m h 0 k cx cy.
Proof.
  split; [unfold h; lia|]. intros i _. split; [apply ov_xx|]. rewrite ov_xy. apply ovn_neg_self.
Qed.

Lemma ov_le i j : (ovt (cx i) (cy j) <= h)%nat.
Proof. unfold h. rewrite <- (ov_xx i). apply ovn_le_self. Qed.

Lemma ov_ge i j : (i < k)%nat -> (j < k)%nat -> i <> j -> (2 <= ovt (cx i) (cy j))%nat.
Proof. intros Hi Hj Hij. rewrite ov_xy. apply word_sep; assumption. Qed.

Lemma forced_ok : ratios_forced 3 (1 / 2) m h 0 k cx cy (Lc h).
Proof.
  intros i j Hi Hj Hij. cbv zeta.
  destruct (cls_min h (cx i) (cy j) (ov_le i j)) as [Em Hc].
  pose proof (ov_ge i j Hi Hj Hij) as Ho.
  destruct (split5_facts (Nat.min (cls_of h (cx i) (cy j)) h) ltac:(lia)) as (Ne & Fa & Su).
  split; [intro E; rewrite E in Em; simpl in Em; lia|split].
  - unfold Lc. pose proof (chainprod_ge1 (INR 3) _ ltac:(simpl; lra) Fa). lra.
  - apply chain_forced; [lia|exact Ne|exact Fa|exact Hc|exact Su].
Qed.

Lemma offsum_le n f g : (forall i j, (i < n)%nat -> (j < n)%nat -> i <> j -> f i j <= g i j) ->
  offsum n f <= offsum n g.
Proof.
  intro E. unfold offsum. apply sumN_le. intros i Hi. apply sumN_le. intros j Hj.
  destruct (Nat.eqb_spec i j); [lra|]. apply E; assumption.
Qed.

Lemma offsum_scal n c f : offsum n (fun i j => c * f i j) = c * offsum n f.
Proof.
  unfold offsum. rewrite <- sumN_scal. apply sumN_ext. intros i _. rewrite <- sumN_scal.
  apply sumN_ext. intros j _. destruct (Nat.eqb i j); ring.
Qed.

Lemma sum_diag_off n f :
  sumN n (fun i => sumN n (fun j => f i j)) = sumN n (fun i => f i i) + offsum n f.
Proof.
  unfold offsum. rewrite <- sumN_plus. apply sumN_ext. intros i Hi.
  rewrite (sumN_ext n (fun j => f i j)
             (fun j => (if Nat.eqb i j then 1 else 0) * (fun j => f i j) j
                       + (if Nat.eqb i j then 0 else f i j)))
    by (intros j _; destruct (Nat.eqb_spec i j); [subst; ring|ring]).
  rewrite sumN_plus, (sumN_unit n i 1 (fun j => f i j) Hi). ring.
Qed.

(** The value of this code is at least [7^t / 16]. *)
Lemma value_lower :
  7 ^ t / 16 <= code_value k (fun i j => Lc h (cls_of h (cx i) (cy j))).
Proof.
  set (o := fun i j => ovt (cx i) (cy j)).
  set (Rt := fun i j => Lc h (cls_of h (cx i) (cy j))).
  assert (HL : forall i j, (i < k)%nat -> (j < k)%nat -> i <> j ->
             0 < (13 / 10) ^ o i j / 4 <= Rt i j).
  { intros i j Hi Hj Hij. split; [apply Rmult_lt_0_compat; [apply pow_lt; lra|lra]|].
    unfold Rt, Lc. destruct (cls_min h (cx i) (cy j) (ov_le i j)) as [Em _]. rewrite Em.
    apply split5_bound, ov_ge; assumption. }
  assert (Hoff : offsum k (fun i j => / Rt i j ^ 2) <= 16 * offsum k (fun i j => q ^ o i j)).
  { rewrite <- offsum_scal. apply offsum_le. intros i j Hi Hj Hij.
    rewrite <- inv_chain_sq. destruct (HL i j Hi Hj Hij) as [A B].
    apply Rinv_le_contravar; [apply pow_lt, A|apply pow_incr; lra]. }
  assert (Hoff0 : 0 <= offsum k (fun i j => / Rt i j ^ 2)).
  { unfold offsum. apply sumN_nonneg. intros i Hi. apply sumN_nonneg. intros j Hj.
    destruct (Nat.eqb_spec i j); [lra|]. destruct (HL i j Hi Hj n) as [A B].
    apply Rlt_le, Rinv_0_lt_compat, pow_lt. lra. }
  assert (Hq0 : 0 <= offsum k (fun i j => q ^ o i j)).
  { unfold offsum. apply sumN_nonneg. intros. apply sumN_nonneg. intros.
    destruct (Nat.eqb _ _); [lra|apply pow_le; unfold q; lra]. }
  assert (Hps : pairsum t = INR k + offsum k (fun i j => q ^ o i j)).
  { unfold pairsum. fold k.
    rewrite (sumN_ext k _ (fun i => sumN k (fun j => q ^ o i j))).
    - rewrite sum_diag_off. f_equal.
      rewrite (sumN_ext k _ (fun _ => 1)); [rewrite sumN_const; ring|].
      intros i _. unfold o. rewrite ov_xy, ovn_neg_self. reflexivity.
    - intros i _. apply sumN_ext. intros j _. unfold o. rewrite ov_xy. reflexivity. }
  destruct blocksum_bound as [Bp Bb].
  assert (Hk : INR k = INR KB ^ t) by (unfold k; apply pow_INR).
  assert (HkP : 0 < INR k) by (rewrite Hk; apply pow_lt; unfold KB; simpl; lra).
  rewrite pairsum_pow in Hps.
  unfold code_value. fold Rt.
  set (S := offsum k (fun i j => / Rt i j ^ 2)) in *.
  set (Q := offsum k (fun i j => q ^ o i j)) in *.
  assert (Step : INR k ^ 2 / (16 * blocksum ^ t) <= INR k ^ 2 / (INR k + S)).
  { unfold Rdiv. apply Rmult_le_compat_l; [apply pow2_ge_0|].
    apply Rinv_le_contravar; [lra|]. rewrite Hps. lra. }
  eapply Rle_trans; [|exact Step].
  assert (Bt : 0 < blocksum ^ t) by (apply pow_lt; exact Bp).
  assert (Pw : 7 ^ t * blocksum ^ t <= INR k ^ 2).
  { rewrite <- Rpow_mult_distr, Hk, <- pow_mult, Nat.mul_comm, pow_mult.
    apply pow_incr. lra. }
  apply (Rmult_le_reg_r (16 * blocksum ^ t)); [lra|].
  replace (7 ^ t / 16 * (16 * blocksum ^ t)) with (7 ^ t * blocksum ^ t) by (field; lra).
  replace (INR k ^ 2 / (16 * blocksum ^ t) * (16 * blocksum ^ t)) with (INR k ^ 2) by (field; lra).
  exact Pw.
Qed.

(** Every head of the model over [{0,1}^m], [m = 16 t + s], [t >= 1], has
    [r >= 7^t / 16]. *)
Lemma product_bound (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R) :
  feature_head m 3 (1 / 2) H r phi psi -> 7 ^ t / 16 <= INR r.
Proof.
  intro Hh. eapply Rle_trans; [apply value_lower|].
  refine (code_rank m 3 h 0 k (1 / 2) cx cy (Lc h) _ _ _ _ code_ok forced_ok H r phi psi Hh);
    [lia|lra| |unfold k; apply Nat.neq_0_lt_0, Nat.pow_nonzero; unfold KB; lia].
  unfold h. rewrite mult_INR. simpl INR. assert (1 <= INR t) by (apply (le_INR 1); exact Ht). lra.
Qed.

End Product.

(** A correct head has at least one feature: with [r = 0] every [D] is [0]. *)
Lemma rank_pos m (H : head (tok m)) r phi psi :
  (forall x, correct_all tov 3 (1 / 2) H x) ->
  (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) -> (1 <= r)%nat.
Proof.
  intros Hall Hf. destruct r as [|r]; [|lia]. exfalso.
  set (x0 := mk m (repeat false m)).
  destruct (Hall x0 [x0; x0] eq_refl) as [Hd _].
  unfold den, plain in Hd. simpl in Hd. rewrite !Hf in Hd. simpl in Hd. lra.
Qed.

(** [2^e <= (7^t / 16)^p] when [2^c <= 7^p] and [e + 4p <= c t]. *)
Lemma pow_bound p c t e : 2 ^ c <= 7 ^ p -> (e + 4 * p <= c * t)%nat -> 2 ^ e <= (7 ^ t / 16) ^ p.
Proof.
  intros Hc He.
  assert (A : 2 ^ e * 2 ^ (4 * p) <= (7 ^ p) ^ t).
  { rewrite <- pow_add. apply Rle_trans with (2 ^ (c * t)); [apply Rle_pow; [lra|exact He]|].
    rewrite pow_mult. apply pow_incr. split; [apply pow_le; lra|exact Hc]. }
  assert (B : (7 ^ t / 16) ^ p = (7 ^ p) ^ t / 2 ^ (4 * p)).
  { unfold Rdiv. rewrite Rpow_mult_distr, pow_inv, <- !pow_mult, (Nat.mul_comm p t), pow_mult.
    replace 16 with (2 ^ 4) by (simpl; lra). rewrite (pow_mult 2 4 p). reflexivity. }
  rewrite B. assert (0 < 2 ^ (4 * p)) by (apply pow_lt; lra).
  apply (Rmult_le_reg_r (2 ^ (4 * p))); [assumption|].
  replace ((7 ^ p) ^ t / 2 ^ (4 * p) * 2 ^ (4 * p)) with ((7 ^ p) ^ t) by (field; lra). exact A.
Qed.

Lemma two_seven_14_5 : 2 ^ 14 <= 7 ^ 5.
Proof. simpl. lra. Qed.

(** [r >= max(1, 7^(m div 16) / 16)] for every [m]. *)
Lemma rank_lower (m : nat) (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R) :
  nonneg H -> (forall x, correct_all tov 3 (1 / 2) H x) ->
  (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) ->
  1 <= INR r /\ ((1 <= m / 16)%nat -> 7 ^ (m / 16) / 16 <= INR r).
Proof.
  intros Hnn Hall Hf. split.
  - pose proof (rank_pos m H r phi psi Hall Hf) as R1. apply (le_INR 1) in R1. exact R1.
  - intro Ht. refine (product_bound m (m / 16) (m mod 16) _ Ht H r phi psi (conj Hnn (conj Hall Hf))).
    apply Nat.div_mod. lia.
Qed.

(** ** The exponential bound, for every [m]: every nonnegative head over [{0,1}^m] correct
    with [eps = 1/2] on all length-3 sequences whose kernel has [r] features,
    [alpha(q,k) = sum_{l<r} phi_l(q) psi_l(k)], has [r^40 >= 2^(7m - 265)], i.e.
    [r >= 2^(7m/40 - 53/8)] (exponent [0.175 m - 6.625]; for [7m < 265] the statement is
    [r >= 1]).  Real exponents ([Rpower]) are avoided: their library lemmas assume
    [Classical_Prop.classic]. *)
Theorem rank_exponential (m : nat) (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R) :
  nonneg H -> (forall x, correct_all tov 3 (1 / 2) H x) ->
  (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) ->
  INR r ^ 40 >= 2 ^ (7 * m - 265).
Proof.
  intros Hnn Hall Hf. apply Rle_ge.
  destruct (rank_lower m H r phi psi Hnn Hall Hf) as [R1 Rt].
  assert (Hm : m = (16 * (m / 16) + m mod 16)%nat) by (apply Nat.div_mod; lia).
  assert (Hs : (m mod 16 < 16)%nat) by (apply Nat.mod_upper_bound; lia).
  destruct (le_lt_dec (7 * m) 265) as [Small|Large].
  - replace (7 * m - 265)%nat with 0%nat by lia. rewrite pow_O. apply pow_R1_Rle. exact R1.
  - assert (Ht : (2 <= m / 16)%nat) by lia.
    specialize (Rt ltac:(lia)).
    apply Rle_trans with ((7 ^ (m / 16) / 16) ^ 40).
    + apply (pow_bound 40 112).
      * replace 112%nat with (14 * 8)%nat by reflexivity. replace 40%nat with (5 * 8)%nat by reflexivity.
        rewrite !pow_mult. apply pow_incr. split; [apply pow_le; lra|exact two_seven_14_5].
      * lia.
    + apply pow_incr. split; [|exact Rt]. unfold Rdiv. apply Rmult_le_pos; [apply pow_le; lra|lra].
Qed.

(** ** Theorem 6 of the paper, for every [m >= 168]: [r >= 2^(m/10 - 6)], written
    [r^10 >= 2^(m - 60)]. *)
Theorem theorem6 (m : nat) (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R) :
  (168 <= m)%nat ->
  nonneg H -> (forall x, correct_all tov 3 (1 / 2) H x) ->
  (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) ->
  INR r ^ 10 >= 2 ^ (m - 60).
Proof.
  intros Hm Hnn Hall Hf. apply Rle_ge.
  destruct (rank_lower m H r phi psi Hnn Hall Hf) as [_ Rt].
  assert (Hd : m = (16 * (m / 16) + m mod 16)%nat) by (apply Nat.div_mod; lia).
  assert (Hs : (m mod 16 < 16)%nat) by (apply Nat.mod_upper_bound; lia).
  specialize (Rt ltac:(lia)).
  apply Rle_trans with ((7 ^ (m / 16) / 16) ^ 10).
  - apply (pow_bound 10 28).
    + replace 28%nat with (14 * 2)%nat by reflexivity. replace 10%nat with (5 * 2)%nat by reflexivity.
      rewrite !pow_mult. apply pow_incr. split; [apply pow_le; lra|exact two_seven_14_5].
    + lia.
  - apply pow_incr. split; [|exact Rt]. unfold Rdiv. apply Rmult_le_pos; [apply pow_le; lra|lra].
Qed.
