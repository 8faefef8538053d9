(** * Theorem 6 on the paper's own model (docs/formal.md, "The paper's model").

    The paper's head over [{0,1}^m]: feature maps [phi_Q, phi_K : {0,1}^m -> R^r], the kernel
    [alpha(q,k) = <phi_Q(q), phi_K(k)>] required [>= 0] (the features themselves may be
    signed), values [v : {0,1}^m -> R^D] of any dimension, the normalized attention vector
    [o_i = sum_j alpha(x_i,x_j) v(x_j) / sum_j alpha(x_i,x_j)] (positive denominator) and a
    query-dependent affine readout [y_i = <A(x_i), o_i> + b(x_i)].  Vectors of [R^r] and [R^D]
    are functions [nat -> R] read below [r] and [D]; a sequence of length [n] is a function
    [X : nat -> tok m] read below [n]; the target at position [i] is the least overlap
    [min_j <x_i, x_j>] over all positions.

    [scalarize]: the readout is [N / D] of the table head [table] ([alpha] and
    [s(q,k) = <A(q), v(k)> + b(q)], docs/math.md §1.4); [reduction]: correctness at the last
    position of a sequence is Model.v's [correct] of that table head at the query, with the
    other tokens as its keys.  So Main.v's bounds hold on this model: [theorem6] (the paper's
    Theorem 6, [r >= 2^(m/10 - 6)], written [2^m <= (64 r)^10]) and [rank_exponential]
    ([r >= 2^(7m/40 - 265/40)], written [2^(7m) <= 2^265 r^40]), for every [m]. *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Farkas Rank RankBound CodeRank ProductCode Main.
Import ListNotations.
Open Scope R_scope.

(** ** Tokens as vectors of [R^m] *)

(** The least of [f 0, ..., f (n-1)] ([n >= 1]). *)
Fixpoint minN (n : nat) (f : nat -> R) : R :=
  match n with
  | O => f O
  | S n' => Rmin (minN n' f) (f n')
  end.

Lemma minN_le n f j : (j < n)%nat -> minN n f <= f j.
Proof.
  induction n as [|n IH]; intro Hj; [lia|]. simpl.
  destruct (Nat.eq_dec j n) as [->|Ne]; [apply Rmin_r|].
  eapply Rle_trans; [apply Rmin_l|apply IH; lia].
Qed.

Lemma minN_attained n f : (1 <= n)%nat -> exists j, (j < n)%nat /\ minN n f = f j.
Proof.
  induction n as [|n IH]; intro Hn; [lia|]. simpl.
  destruct n as [|n].
  - exists O. split; [lia|]. simpl. apply Rmin_left. lra.
  - destruct (IH ltac:(lia)) as (j & Hj & E). rewrite E.
    destruct (Rle_dec (f j) (f (S n))) as [L|L].
    + exists j. split; [lia|]. apply Rmin_left. exact L.
    + exists (S n). split; [lia|]. apply Rmin_right. lra.
Qed.

(** [minN] is determined by the values below [n]. *)
Lemma minN_ext n f g : (forall j, (j < n)%nat -> f j = g j) -> (1 <= n)%nat -> minN n f = minN n g.
Proof.
  intros E Hn.
  assert (G : forall k, (forall j, (j <= k)%nat -> f j = g j) -> minN k f = minN k g).
  { induction k as [|k IH]; intro Ek; simpl; [apply Ek; lia|].
    rewrite IH by (intros; apply Ek; lia). rewrite Ek by lia. reflexivity. }
  destruct n as [|n]; [lia|]. simpl. rewrite (G n) by (intros; apply E; lia). rewrite E by lia.
  reflexivity.
Qed.

(** A least value: at most every value, and attained. *)
Lemma minN_eq n f t : (forall j, (j < n)%nat -> t <= f j) -> (exists j, (j < n)%nat /\ f j = t) ->
  minN n f = t.
Proof.
  intros Hle (j & Hj & Ej).
  assert (1 <= n)%nat by lia.
  destruct (minN_attained n f ltac:(lia)) as (k & Hk & Ek).
  pose proof (minN_le n f j Hj). pose proof (Hle k Hk). lra.
Qed.

(** Coordinate [d] of a token, as a real. *)
Definition bitv {m} (x : tok m) (d : nat) : R := if nth d (proj1_sig x) false then 1 else 0.

Lemma bitv_range {m} (x : tok m) d : 0 <= bitv x d <= 1.
Proof. unfold bitv. destruct (nth _ _ _); lra. Qed.

Lemma dot_lists (a b : list bool) :
  length a = length b ->
  sumN (length a) (fun d => (if nth d a false then 1 else 0) * (if nth d b false then 1 else 0))
  = INR (ovn a b).
Proof.
  revert b; induction a as [|u a IH]; intros [|w b] E; simpl in E; try discriminate; [reflexivity|].
  simpl length. rewrite sumN_front. simpl nth. rewrite (IH b) by lia. simpl ovn.
  rewrite plus_INR. destruct u, w; simpl; ring.
Qed.

(** The overlap is the dot product of the vectors: [<x,y> = sum_d x_d y_d]. *)
Lemma bitv_dot {m} (x y : tok m) : sumN m (fun d => bitv x d * bitv y d) = tov x y.
Proof.
  destruct x as [a Ha], y as [b Hb]. unfold bitv, tov. simpl.
  pose proof (proj1 (Nat.eqb_eq _ _) Ha) as Ea. pose proof (proj1 (Nat.eqb_eq _ _) Hb) as Eb.
  rewrite <- Ea. apply dot_lists. lia.
Qed.

(** ** The model *)

Section PaperModel.

Context (m r D : nat).
Context (phiQ phiK : tok m -> nat -> R) (v A : tok m -> nat -> R) (b : tok m -> R).

(** The kernel [alpha(q,k) = <phi_Q(q), phi_K(k)>] with [r] features. *)
Definition kernel (q k : tok m) : R := sumN r (fun l => phiQ q l * phiK k l).

(** At position [i] of a sequence [X] of length [n]: the denominator, the normalized
    attention vector (coordinate [d]), the readout and the target. *)
Definition pden (n : nat) (X : nat -> tok m) (i : nat) : R := sumN n (fun j => kernel (X i) (X j)).
Definition pvec (n : nat) (X : nat -> tok m) (i d : nat) : R :=
  sumN n (fun j => kernel (X i) (X j) * v (X j) d) / pden n X i.
Definition yhat (n : nat) (X : nat -> tok m) (i : nat) : R :=
  sumN D (fun d => A (X i) d * pvec n X i d) + b (X i).
Definition ptarget (n : nat) (X : nat -> tok m) (i : nat) : R := minN n (fun j => tov (X i) (X j)).

(** Correct with tolerance [eps] at position [i]: positive denominator, error below [eps]. *)
Definition pcorrect (eps : R) (n : nat) (X : nat -> tok m) (i : nat) : Prop :=
  0 < pden n X i /\ Rabs (yhat n X i - ptarget n X i) < eps.

(** The head's two tables (docs/math.md §1.4). *)
Definition table : head (tok m) :=
  Head kernel (fun q k => sumN D (fun d => A q d * v k d) + b q).

(** The readout of a convex combination is the combination of the scalarized values. *)
Lemma scalarize n X i : pden n X i <> 0 ->
  yhat n X i = sumN n (fun j => alpha table (X i) (X j) * s table (X i) (X j)) / pden n X i.
Proof.
  intro Hd. unfold yhat, pvec, table. simpl. set (P := pden n X i) in *.
  set (k := fun j => kernel (X i) (X j)).
  assert (L1 : sumN D (fun d => A (X i) d * (sumN n (fun j => kernel (X i) (X j) * v (X j) d) / P))
             = sumN n (fun j => k j * sumN D (fun d => A (X i) d * v (X j) d)) / P).
  { unfold Rdiv.
    rewrite (sumN_ext D _ (fun d => (A (X i) d * sumN n (fun j => k j * v (X j) d)) * / P))
      by (intros; unfold k; ring).
    rewrite sumN_scal_r. f_equal.
    rewrite (sumN_ext D _ (fun d => sumN n (fun j => A (X i) d * (k j * v (X j) d))))
      by (intros; rewrite sumN_scal; reflexivity).
    rewrite sumN_swap. apply sumN_ext. intros j _. rewrite <- sumN_scal. apply sumN_ext. intros. ring. }
  assert (L2 : b (X i) = sumN n (fun j => k j * b (X i)) / P).
  { rewrite sumN_scal_r. fold (sumN n k). unfold P, pden. fold k. field. exact Hd. }
  rewrite L1, L2 at 1. unfold Rdiv. rewrite <- Rmult_plus_distr_r, <- sumN_plus. f_equal.
  apply sumN_ext. intros. unfold k. ring.
Qed.

(** A sequence: its first [k] tokens are the keys [ks], then the query [x]. *)
Definition qseq (x : tok m) (ks : list (tok m)) (j : nat) : tok m := nth j ks x.

Lemma keys_fold (x : tok m) (ks : list (tok m)) (f : tok m -> R) :
  fold_right (fun p acc => snd p * f (fst p) + acc) 0 (plain ks)
  = sumN (length ks) (fun j => f (qseq x ks j)).
Proof.
  unfold qseq. induction ks as [|k ks IH]; [reflexivity|].
  simpl length. rewrite sumN_front. simpl. rewrite IH. ring.
Qed.

Lemma keys_target (x : tok m) (ks : list (tok m)) :
  target tov x (plain ks) = minN (S (length ks)) (fun j => tov x (qseq x ks j)).
Proof.
  unfold qseq. symmetry. apply minN_eq.
  - intros j Hj. unfold target. clear Hj. revert j. induction ks as [|k ks IH]; intro j; simpl.
    + destruct j; apply Rle_refl.
    + destruct j as [|j].
      * apply Rmin_l.
      * eapply Rle_trans; [apply Rmin_r|apply IH].
  - unfold target. induction ks as [|k ks IH]; simpl.
    + exists O. split; [lia|reflexivity].
    + destruct IH as (j & Hj & Ej).
      destruct (Rle_dec (tov x k) (fold_right (fun p acc => Rmin (tov x (fst p)) acc) (tov x x) (plain ks)))
        as [L|L].
      * exists O. split; [lia|]. simpl. symmetry. apply Rmin_left. exact L.
      * exists (S j). split; [lia|]. simpl. rewrite Ej. symmetry. apply Rmin_right. lra.
Qed.

(** ** The reduction: correctness at the last position of a sequence of length [n] is the
    table head's correctness at the query with the other [n - 1] tokens as keys. *)
Lemma reduction (eps : R) (x : tok m) (ks : list (tok m)) :
  pcorrect eps (S (length ks)) (qseq x ks) (length ks) <-> correct tov eps table x (plain ks).
Proof.
  assert (Ex : qseq x ks (length ks) = x) by (unfold qseq; apply nth_overflow; lia).
  assert (Ed : pden (S (length ks)) (qseq x ks) (length ks) = den table x (plain ks)).
  { unfold pden, den. rewrite Ex. simpl sumN. rewrite Ex, (keys_fold x ks (alpha table x)). simpl. ring. }
  assert (En : sumN (S (length ks)) (fun j => alpha table (qseq x ks (length ks)) (qseq x ks j)
                                             * s table (qseq x ks (length ks)) (qseq x ks j))
               = num table x (plain ks)).
  { unfold num. rewrite Ex. simpl sumN. rewrite Ex.
    rewrite (keys_fold x ks (fun k => alpha table x k * s table x k)). simpl. ring. }
  assert (Et : ptarget (S (length ks)) (qseq x ks) (length ks) = target tov x (plain ks)).
  { unfold ptarget. rewrite Ex, keys_target. reflexivity. }
  unfold pcorrect, correct. rewrite Ed, Et. split; intros [Hd He]; split; try exact Hd.
  - rewrite <- En, <- Ed, <- scalarize by (rewrite Ed; lra). exact He.
  - rewrite scalarize by (rewrite Ed; lra). rewrite En, Ed. exact He.
Qed.

(** Correct at the last position of every sequence of length [n] is Model.v's
    [correct_all] at every query. *)
Lemma reduction_all (eps : R) (n : nat) :
  (forall X : nat -> tok m, pcorrect eps n X (n - 1)) -> (1 <= n)%nat ->
  forall x, correct_all tov n eps table x.
Proof.
  intros Hall Hn x ks Hk. apply (reduction eps x ks). rewrite Hk.
  replace (S (n - 1)) with n by lia. apply Hall.
Qed.

End PaperModel.

(** ** Theorem 6 for every [m] *)

(** From the product code's lower bound ([Main.rank_lower]: [r >= 1] and [r >= 7^t / 16]
    for [t = m div 16 >= 1]) to the exponents, for every [m]. *)
Lemma r10_of_lower (m r : nat) :
  1 <= INR r -> ((1 <= m / 16)%nat -> 7 ^ (m / 16) / 16 <= INR r) -> INR r ^ 10 >= 2 ^ (m - 60).
Proof.
  intros R1 Rt. apply Rle_ge.
  destruct (le_lt_dec m 60) as [Small|Large].
  - replace (m - 60)%nat with 0%nat by lia. rewrite pow_O. apply pow_R1_Rle. exact R1.
  - assert (Hd : m = (16 * (m / 16) + m mod 16)%nat) by (apply Nat.div_mod; lia).
    assert (Hs : (m mod 16 < 16)%nat) by (apply Nat.mod_upper_bound; lia).
    specialize (Rt ltac:(lia)).
    apply Rle_trans with ((7 ^ (m / 16) / 16) ^ 10).
    + apply (pow_bound 10 28).
      * replace 28%nat with (14 * 2)%nat by reflexivity. replace 10%nat with (5 * 2)%nat by reflexivity.
        rewrite !pow_mult. apply pow_incr. split; [apply pow_le; lra|exact two_seven_14_5].
      * lia.
    + apply pow_incr. split; [|exact Rt]. unfold Rdiv. apply Rmult_le_pos; [apply pow_le; lra|lra].
Qed.

Lemma r40_of_lower (m r : nat) :
  1 <= INR r -> ((1 <= m / 16)%nat -> 7 ^ (m / 16) / 16 <= INR r) -> INR r ^ 40 >= 2 ^ (7 * m - 265).
Proof.
  intros R1 Rt. apply Rle_ge.
  assert (Hm : m = (16 * (m / 16) + m mod 16)%nat) by (apply Nat.div_mod; lia).
  assert (Hs : (m mod 16 < 16)%nat) by (apply Nat.mod_upper_bound; lia).
  destruct (le_lt_dec (7 * m) 265) as [Small|Large].
  - replace (7 * m - 265)%nat with 0%nat by lia. rewrite pow_O. apply pow_R1_Rle. exact R1.
  - specialize (Rt ltac:(lia)).
    apply Rle_trans with ((7 ^ (m / 16) / 16) ^ 40).
    + apply (pow_bound 40 112).
      * replace 112%nat with (14 * 8)%nat by reflexivity. replace 40%nat with (5 * 8)%nat by reflexivity.
        rewrite !pow_mult. apply pow_incr. split; [apply pow_le; lra|exact two_seven_14_5].
      * lia.
    + apply pow_incr. split; [|exact Rt]. unfold Rdiv. apply Rmult_le_pos; [apply pow_le; lra|lra].
Qed.

(** The Model.v form, for every [m] (Main.theorem6 assumes [m >= 168]). *)
Theorem theorem6_table (m : nat) (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R) :
  nonneg H -> (forall x, correct_all tov 3 (1 / 2) H x) ->
  (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)) ->
  INR r ^ 10 >= 2 ^ (m - 60).
Proof.
  intros Hnn Hall Hf. destruct (rank_lower m H r phi psi Hnn Hall Hf) as [R1 Rt].
  exact (r10_of_lower m r R1 Rt).
Qed.

Lemma pow2_60 : (64 : R) ^ 10 = 2 ^ 60.
Proof. replace 64 with (2 ^ 6) by (simpl; lra). rewrite <- pow_mult. reflexivity. Qed.

(** [r^10 >= 2^(m - 60)] (natural subtraction) is [2^m <= (64 r)^10] once [r >= 1]. *)
Lemma theorem6_form (m r : nat) : 1 <= INR r -> INR r ^ 10 >= 2 ^ (m - 60) -> 2 ^ m <= (64 * INR r) ^ 10.
Proof.
  intros R1 B. rewrite Rpow_mult_distr, pow2_60.
  destruct (le_lt_dec m 60) as [Small|Large].
  - apply Rle_trans with (2 ^ 60 * 1).
    + rewrite Rmult_1_r. apply Rle_pow; [lra|exact Small].
    + apply Rmult_le_compat_l; [apply pow_le; lra|]. apply pow_R1_Rle. exact R1.
  - replace m with (60 + (m - 60))%nat at 1 by lia. rewrite pow_add.
    apply Rmult_le_compat_l; [apply pow_le; lra|lra].
Qed.

Lemma rank_exponential_form (m r : nat) :
  1 <= INR r -> INR r ^ 40 >= 2 ^ (7 * m - 265) -> 2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40.
Proof.
  intros R1 B.
  destruct (le_lt_dec (7 * m) 265) as [Small|Large].
  - apply Rle_trans with (2 ^ 265 * 1).
    + rewrite Rmult_1_r. apply Rle_pow; [lra|exact Small].
    + apply Rmult_le_compat_l; [apply pow_le; lra|]. apply pow_R1_Rle. exact R1.
  - replace (7 * m)%nat with (265 + (7 * m - 265))%nat at 1 by lia. rewrite pow_add.
    apply Rmult_le_compat_l; [apply pow_le; lra|lra].
Qed.

(** The two bounds as stated below, from the product code's lower bound. *)
Lemma bounds_of_lower (m r : nat) :
  1 <= INR r -> ((1 <= m / 16)%nat -> 7 ^ (m / 16) / 16 <= INR r) ->
  2 ^ m <= (64 * INR r) ^ 10 /\ 2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40.
Proof.
  intros R1 Rt. split.
  - apply theorem6_form; [exact R1|exact (r10_of_lower m r R1 Rt)].
  - apply rank_exponential_form; [exact R1|exact (r40_of_lower m r R1 Rt)].
Qed.

(** The table head of a paper head: nonnegative, [r] features, correct on all length-3
    sequences at every query. *)
Lemma paper_table m r D phiQ phiK v A b :
  (forall q k, 0 <= kernel m r phiQ phiK q k) ->
  (forall X : nat -> tok m, pcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2) ->
  nonneg (table m r D phiQ phiK v A b) /\
  (forall x, correct_all tov 3 (1 / 2) (table m r D phiQ phiK v A b) x) /\
  (forall q k, alpha (table m r D phiQ phiK v A b) q k
               = sumN r (fun l => (fun l q => phiQ q l) l q * (fun l k => phiK k l) l k)).
Proof.
  intros Hnn Hc. split; [exact Hnn|split].
  - apply (reduction_all m r D phiQ phiK v A b (1 / 2) 3 Hc). lia.
  - intros. reflexivity.
Qed.

(** ** The paper's Theorem 6, for every [m]: every head of the paper's model over
    [{0,1}^m] with [r] features and a nonnegative kernel, values in any [R^D] and any
    query-dependent affine readout, correct (positive denominator, error below [1/2]) at the
    last position of every length-3 sequence — the causal final query included — has
    [r >= 2^(m/10 - 6)], i.e. [2^m <= (64 r)^10]. *)
Theorem theorem6_final (m r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R) :
  (forall q k, 0 <= kernel m r phiQ phiK q k) ->
  (forall X : nat -> tok m, pcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2) ->
  2 ^ m <= (64 * INR r) ^ 10.
Proof.
  intros Hnn Hc. destruct (paper_table m r D phiQ phiK v A b Hnn Hc) as (N & C & F).
  apply theorem6_form.
  - exact (proj1 (rank_lower m _ r _ _ N C F)).
  - exact (theorem6_table m _ r _ _ N C F).
Qed.

(** The same with the paper's hypothesis: correct at every position of every length-3
    sequence. *)
Theorem theorem6 (m r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R) :
  (forall q k, 0 <= kernel m r phiQ phiK q k) ->
  (forall (X : nat -> tok m) (i : nat), (i < 3)%nat -> pcorrect m r D phiQ phiK v A b (1 / 2) 3 X i) ->
  2 ^ m <= (64 * INR r) ^ 10.
Proof. intros Hnn Hc. apply (theorem6_final m r D phiQ phiK v A b Hnn). intro X. apply Hc. lia. Qed.

(** The stronger exponent, for every [m]: [r >= 2^(7m/40 - 265/40)] ([0.175 m - 6.625]). *)
Theorem rank_exponential (m r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R) :
  (forall q k, 0 <= kernel m r phiQ phiK q k) ->
  (forall X : nat -> tok m, pcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2) ->
  2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40.
Proof.
  intros Hnn Hc. destruct (paper_table m r D phiQ phiK v A b Hnn Hc) as (N & C & F).
  apply rank_exponential_form.
  - exact (proj1 (rank_lower m _ r _ _ N C F)).
  - exact (Main.rank_exponential m _ r _ _ N C F).
Qed.
