(** * The rank lemma (docs/math.md §5.1) for matrices given by [r] features.

    A [k x k] block of a kernel with [r] features is [M i j = sum_{l<r} phi l i * psi l j]
    ([fmat r phi psi]): a head with [r] features restricted to [k] queries and [k] keys.
    [rank_features]: [(tr M)^2 <= r * ||M||_F^2].  The proof is by induction on [r]
    (Gram–Schmidt without square roots): split off the last feature [u = phi r], make the
    other features orthogonal to [u], and combine Cauchy–Schwarz for [u] with the induction
    hypothesis for the rest.  [rank_entrywise]: with [M i i = 1],
    [r >= k^2 / (k + sum_{i<>j} M_ij^2)]. *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Farkas.
Open Scope R_scope.

Definition fmat (r : nat) (phi psi : nat -> nat -> R) (i j : nat) : R :=
  sumN r (fun l => phi l i * psi l j).
Definition trace (k : nat) (M : nat -> nat -> R) : R := sumN k (fun i => M i i).
Definition frob (k : nat) (M : nat -> nat -> R) : R := sumN k (fun i => sumN k (fun j => M i j ^ 2)).
Definition dot (k : nat) (a b : nat -> R) : R := sumN k (fun i => a i * b i).

Lemma sumN_swap a b (f : nat -> nat -> R) :
  sumN a (fun i => sumN b (fun j => f i j)) = sumN b (fun j => sumN a (fun i => f i j)).
Proof.
  induction a as [|a IH]; simpl.
  - rewrite sumN_zero. reflexivity.
  - rewrite IH, <- sumN_plus. reflexivity.
Qed.

Lemma sumN_le nv f g : (forall j, (j < nv)%nat -> f j <= g j) -> sumN nv f <= sumN nv g.
Proof.
  induction nv; intro E; simpl; [lra|].
  assert (sumN nv f <= sumN nv g) by (apply IHnv; intros; apply E; lia).
  assert (f nv <= g nv) by (apply E; lia). lra.
Qed.

Lemma sumN_const nv c : sumN nv (fun _ => c) = INR nv * c.
Proof. induction nv; simpl sumN; [simpl; ring|rewrite IHnv, S_INR; ring]. Qed.

Lemma sumN_opp nv f : sumN nv (fun j => - f j) = - sumN nv f.
Proof. induction nv; simpl; [lra|rewrite IHnv; lra]. Qed.

Lemma sumN_scal_r nv c f : sumN nv (fun j => f j * c) = sumN nv f * c.
Proof. rewrite (sumN_ext nv _ (fun j => c * f j)) by (intros; ring). rewrite sumN_scal. ring. Qed.

Lemma dot_nonneg k a : 0 <= dot k a a.
Proof. apply sumN_nonneg. intros. nra. Qed.

Lemma dot_quad k a b p q :
  0 <= p ^ 2 * dot k a a + 2 * p * q * dot k a b + q ^ 2 * dot k b b.
Proof.
  assert (E : p ^ 2 * dot k a a + 2 * p * q * dot k a b + q ^ 2 * dot k b b
              = sumN k (fun i => (p * a i + q * b i) ^ 2)).
  { unfold dot. rewrite <- !sumN_scal, <- !sumN_plus. apply sumN_ext. intros. ring. }
  rewrite E. apply sumN_nonneg. intros. apply pow2_ge_0.
Qed.

(** Cauchy–Schwarz for finite sums. *)
Theorem cauchy_schwarz k a b : dot k a b ^ 2 <= dot k a a * dot k b b.
Proof.
  set (A := dot k a a). set (B := dot k b b). set (C := dot k a b).
  assert (HA : 0 <= A) by apply dot_nonneg. assert (HB : 0 <= B) by apply dot_nonneg.
  pose proof (dot_quad k a b B (- C)) as Q1. pose proof (dot_quad k a b C (- A)) as Q2.
  pose proof (dot_quad k a b 1 1) as Q3. pose proof (dot_quad k a b 1 (-1)) as Q4.
  fold A B C in Q1, Q2, Q3, Q4.
  destruct (Rle_lt_or_eq_dec 0 B HB) as [HB'|HB'].
  - assert (E : B * (A * B - C ^ 2) = B ^ 2 * A + 2 * B * (- C) * C + (- C) ^ 2 * B) by ring.
    assert (0 <= A * B - C ^ 2); [|lra].
    apply (Rmult_le_reg_l B); [exact HB'|]. lra.
  - destruct (Rle_lt_or_eq_dec 0 A HA) as [HA'|HA'].
    + assert (E : A * (A * B - C ^ 2) = C ^ 2 * A + 2 * C * (- A) * C + (- A) ^ 2 * B) by ring.
      assert (0 <= A * B - C ^ 2); [|lra].
      apply (Rmult_le_reg_l A); [exact HA'|]. lra.
    + rewrite <- HB', <- HA' in *. assert (C = 0) by nra. subst C. rewrite H. nra.
Qed.

Lemma combine_step (r p q P Q : R) :
  0 <= r -> 0 <= P -> 0 <= Q -> p ^ 2 <= P -> q ^ 2 <= r * Q -> (p + q) ^ 2 <= (r + 1) * (P + Q).
Proof.
  intros Hr HP HQ Hp Hq.
  destruct (Rle_lt_or_eq_dec 0 r Hr) as [Hr'|Hr'].
  - assert (E : r * ((r + 1) * (P + Q) - (p + q) ^ 2)
                = (r * p - q) ^ 2 + (r * (r + 1)) * (P - p ^ 2) + (r + 1) * (r * Q - q ^ 2)) by ring.
    assert (0 <= (r * p - q) ^ 2) by apply pow2_ge_0.
    assert (0 <= (r * (r + 1)) * (P - p ^ 2)) by (apply Rmult_le_pos; nra).
    assert (0 <= (r + 1) * (r * Q - q ^ 2)) by (apply Rmult_le_pos; nra).
    assert (0 <= r * ((r + 1) * (P + Q) - (p + q) ^ 2)) by lra.
    nra.
  - subst r. assert (q = 0) by nra. subst q. nra.
Qed.

(** ** The rank lemma for [r] features. *)
Theorem rank_features k r phi psi :
  trace k (fmat r phi psi) ^ 2 <= INR r * frob k (fmat r phi psi).
Proof.
  revert phi psi. induction r as [|r IH]; intros phi psi.
  - unfold trace. rewrite (sumN_ext k _ (fun _ => 0)) by reflexivity. rewrite sumN_zero.
    simpl INR. replace (0 ^ 2) with 0 by ring. lra.
  - set (u := phi r). set (nu := dot k u u).
    set (c := fun l => if Req_EM_T nu 0 then 0 else dot k (phi l) u / nu).
    assert (Hc : forall l, c l * nu = dot k (phi l) u).
    { intro l. unfold c. destruct (Req_EM_T nu 0) as [E|E].
      - pose proof (cauchy_schwarz k (phi l) u) as CS. fold nu in CS. rewrite E in *.
        assert (dot k (phi l) u = 0) by nra. lra.
      - field. exact E. }
    set (phi' := fun l i => phi l i - c l * u i).
    set (a := fun j => psi r j + sumN r (fun l => c l * psi l j)).
    set (M' := fmat r phi' psi).
    assert (EM : forall i j, fmat (S r) phi psi i j = M' i j + u i * a j).
    { intros i j. unfold M', fmat, phi', a. simpl sumN.
      rewrite (sumN_ext r (fun l => (phi l i - c l * u i) * psi l j)
                 (fun l => phi l i * psi l j + - (u i * (c l * psi l j)))) by (intros; ring).
      rewrite sumN_plus, sumN_opp, sumN_scal. fold u. ring. }
    assert (Horth : forall j, sumN k (fun i => u i * M' i j) = 0).
    { intro j. unfold M', fmat.
      rewrite (sumN_ext k _ (fun i => sumN r (fun l => psi l j * (phi l i * u i - c l * (u i * u i)))))
        by (intros; rewrite <- sumN_scal; apply sumN_ext; intros; unfold phi'; ring).
      rewrite sumN_swap.
      rewrite (sumN_ext r _ (fun _ => 0)); [apply sumN_zero|].
      intros l _. rewrite sumN_scal.
      rewrite (sumN_ext k _ (fun i => phi l i * u i + - (c l * (u i * u i)))) by (intros; ring).
      rewrite sumN_plus, sumN_opp, sumN_scal. fold (dot k (phi l) u) (dot k u u). fold nu.
      rewrite <- Hc. ring. }
    assert (Etr : trace k (fmat (S r) phi psi) = dot k u a + trace k M').
    { unfold trace, dot. rewrite (sumN_ext k _ (fun i => M' i i + u i * a i)) by (intros; apply EM).
      rewrite sumN_plus. ring. }
    assert (Efr : frob k (fmat (S r) phi psi) = nu * dot k a a + frob k M').
    { unfold frob.
      rewrite (sumN_ext k _ (fun i => sumN k (fun j => M' i j ^ 2 + (u i * u i) * (a j * a j)
                                                      + 2 * a j * (u i * M' i j))))
        by (intros; apply sumN_ext; intros; rewrite EM; ring).
      rewrite (sumN_ext k _ (fun i => sumN k (fun j => M' i j ^ 2) + (u i * u i) * dot k a a
                                      + sumN k (fun j => 2 * a j * (u i * M' i j))))
        by (intros; rewrite !sumN_plus, sumN_scal; reflexivity).
      rewrite !sumN_plus, sumN_scal_r.
      rewrite (sumN_swap k k (fun i j => 2 * a j * (u i * M' i j))).
      rewrite (sumN_ext k (fun j => sumN k (fun i => 2 * a j * (u i * M' i j))) (fun _ => 0)).
      - rewrite sumN_zero. unfold nu, dot. ring.
      - intros j _. rewrite sumN_scal, Horth. ring. }
    rewrite Etr, Efr, S_INR.
    replace (INR r + 1) with (INR r + 1) by ring.
    apply combine_step.
    + apply pos_INR.
    + apply Rmult_le_pos; apply dot_nonneg.
    + unfold frob. apply sumN_nonneg. intros. apply sumN_nonneg. intros. nra.
    + apply cauchy_schwarz.
    + apply IH.
Qed.

(** The rank lemma for any [k x k] matrix [M] (entries [M i j], [i, j < k]) of feature rank
    at most [r], i.e. a sum of [r] rank-one terms on the block: [(tr M)^2 <= r ||M||_F^2].
    Over a field the least such [r] is the rank of [M]. *)
Definition feature_rank_le (k : nat) (M : nat -> nat -> R) (r : nat) : Prop :=
  exists phi psi : nat -> nat -> R,
    forall i j, (i < k)%nat -> (j < k)%nat -> M i j = fmat r phi psi i j.

Corollary rank_lemma k M r : feature_rank_le k M r -> trace k M ^ 2 <= INR r * frob k M.
Proof.
  intros (phi & psi & E).
  assert (Et : trace k M = trace k (fmat r phi psi)) by (apply sumN_ext; intros; apply E; lia).
  assert (Ef : frob k M = frob k (fmat r phi psi)).
  { apply sumN_ext. intros i Hi. apply sumN_ext. intros j Hj. rewrite E by lia. reflexivity. }
  rewrite Et, Ef. apply rank_features.
Qed.

(** Off-diagonal sums. *)
Definition offsum (k : nat) (b : nat -> nat -> R) : R :=
  sumN k (fun i => sumN k (fun j => if Nat.eqb i j then 0 else b i j)).

(** ** The entrywise form: unit diagonal and off-diagonal entries with [M_ij^2 <= b_ij]
    give [k^2 <= r (k + sum_{i<>j} b_ij)]. *)
Theorem rank_entrywise k r phi psi (b : nat -> nat -> R) :
  (forall i, (i < k)%nat -> fmat r phi psi i i = 1) ->
  (forall i j, (i < k)%nat -> (j < k)%nat -> i <> j -> fmat r phi psi i j ^ 2 <= b i j) ->
  INR k ^ 2 <= INR r * (INR k + offsum k b).
Proof.
  intros Hd Hb. set (M := fmat r phi psi).
  assert (Etr : trace k M = INR k).
  { unfold trace. rewrite (sumN_ext k _ (fun _ => 1)) by (intros; apply Hd; assumption).
    rewrite sumN_const. ring. }
  assert (Hfr : frob k M <= INR k + offsum k b).
  { unfold frob, offsum. rewrite <- (Rmult_1_r (INR k)), <- sumN_const, <- sumN_plus.
    apply sumN_le. intros i Hi.
    apply Rle_trans with (sumN k (fun j => (if Nat.eqb i j then 1 else 0)
                                          + (if Nat.eqb i j then 0 else b i j))).
    - apply sumN_le. intros j Hj. destruct (Nat.eqb_spec i j).
      + subst j. unfold M. rewrite Hd by exact Hi. lra.
      + pose proof (Hb i j Hi Hj n). unfold M. lra.
    - rewrite sumN_plus. apply Rplus_le_compat_r.
      rewrite (sumN_ext k _ (fun j => (if Nat.eqb i j then 1 else 0) * 1)) by (intros; ring).
      rewrite sumN_unit by exact Hi. lra. }
  pose proof (rank_features k r phi psi) as R. fold M in R. rewrite Etr in R.
  pose proof (pos_INR r). nra.
Qed.

(** The same with [b = M^2]: [r >= k^2 / (k + sum_{i<>j} M_ij^2)]. *)
Corollary rank_entrywise_div k r phi psi :
  (0 < k)%nat -> (forall i, (i < k)%nat -> fmat r phi psi i i = 1) ->
  INR k ^ 2 / (INR k + offsum k (fun i j => fmat r phi psi i j ^ 2)) <= INR r.
Proof.
  intros Hk Hd.
  assert (Hk' : 0 < INR k) by (apply lt_0_INR; exact Hk).
  assert (Ho : 0 <= offsum k (fun i j => fmat r phi psi i j ^ 2)).
  { unfold offsum. apply sumN_nonneg. intros. apply sumN_nonneg. intros. destruct (Nat.eqb _ _); nra. }
  pose proof (rank_entrywise k r phi psi (fun i j => fmat r phi psi i j ^ 2) Hd ltac:(intros; lra)).
  apply Rmult_le_reg_r with (INR k + offsum k (fun i j => fmat r phi psi i j ^ 2)); [lra|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.
