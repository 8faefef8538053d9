(** * Linear combinations of sparse rows over [Q], checked by computation and proved sound
    over [R] (docs/math.md §2.7, §4.5).

    A row is a list of (variable index, coefficient); its value at a point [v : nat -> R]
    is [sum q * v j].  [comb_ok] checks that [target + sum_i y_i row_i] has, at every
    variable below [nv], a coefficient [>= 0] if the variable is marked nonnegative and [0]
    otherwise.  [comb_sound]: then, at every point with those variables [>= 0],
    [target(v) + sum_i y_i row_i(v) >= 0]. *)

From Coq Require Import Reals Lra Lia List QArith Qreals Bool Arith.
Import ListNotations.

Definition srow := list (nat * Q).

(** The coefficient of variable [j] (entries for the same variable add up). *)
Fixpoint coeff (r : srow) (j : nat) : Q :=
  match r with
  | [] => 0%Q
  | (k, q) :: r' => if Nat.eqb k j then (q + coeff r' j)%Q else coeff r' j
  end.

(** [target + sum_i y_i row_i] at variable [j]. *)
Fixpoint comb_at (ys : list (Q * srow)) (tgt : srow) (j : nat) : Q :=
  match ys with
  | [] => coeff tgt j
  | (y, r) :: ys' => (y * coeff r j + comb_at ys' tgt j)%Q
  end.

Definition indices_below (nv : nat) (r : srow) : bool := forallb (fun e => Nat.ltb (fst e) nv) r.

Definition comb_ok (nv : nat) (nonneg : nat -> bool) (ys : list (Q * srow)) (tgt : srow) : bool :=
  forallb (fun yr => Qle_bool 0 (fst yr) && indices_below nv (snd yr)) ys
  && indices_below nv tgt
  && forallb (fun j => let c := comb_at ys tgt j in
                       if nonneg j then Qle_bool 0 c else Qeq_bool c 0) (seq 0 nv).

Open Scope R_scope.

Fixpoint rval (r : srow) (v : nat -> R) : R :=
  match r with
  | [] => 0
  | (k, q) :: r' => Q2R q * v k + rval r' v
  end.

Fixpoint sumN (nv : nat) (f : nat -> R) : R :=
  match nv with
  | O => 0
  | S m => sumN m f + f m
  end.

Lemma sumN_plus nv f g : sumN nv (fun j => f j + g j) = sumN nv f + sumN nv g.
Proof. induction nv; simpl; [lra|rewrite IHnv; lra]. Qed.

Lemma sumN_scal nv c f : sumN nv (fun j => c * f j) = c * sumN nv f.
Proof. induction nv; simpl; [lra|rewrite IHnv; lra]. Qed.

Lemma sumN_ext nv f g : (forall j, (j < nv)%nat -> f j = g j) -> sumN nv f = sumN nv g.
Proof.
  induction nv; intro E; simpl; [reflexivity|]. rewrite IHnv by (intros; apply E; lia).
  rewrite E by lia. reflexivity.
Qed.

Lemma sumN_nonneg nv f : (forall j, (j < nv)%nat -> 0 <= f j) -> 0 <= sumN nv f.
Proof.
  induction nv; intro E; simpl; [lra|].
  assert (0 <= sumN nv f) by (apply IHnv; intros; apply E; lia).
  assert (0 <= f nv) by (apply E; lia). lra.
Qed.

Lemma sumN_zero nv : sumN nv (fun _ => 0) = 0.
Proof. induction nv; simpl; [lra|rewrite IHnv; lra]. Qed.

Lemma sumN_unit nv k c (v : nat -> R) :
  (k < nv)%nat -> sumN nv (fun j => (if Nat.eqb k j then c else 0) * v j) = c * v k.
Proof.
  induction nv; intro Hk; [lia|simpl].
  destruct (Nat.eq_dec k nv) as [->|Hne].
  - rewrite Nat.eqb_refl.
    rewrite (sumN_ext nv _ (fun _ => 0)).
    + rewrite sumN_zero. ring.
    + intros j Hj. destruct (Nat.eqb_spec nv j); [lia|lra].
  - destruct (Nat.eqb_spec k nv); [lia|]. rewrite IHnv by lia. lra.
Qed.

Lemma rval_coeff nv r v :
  indices_below nv r = true -> rval r v = sumN nv (fun j => Q2R (coeff r j) * v j).
Proof.
  induction r as [|[k q] r IH]; simpl; intro Hb.
  - induction nv; simpl; [reflexivity|]. unfold Q2R at 2; simpl. rewrite <- IHnv. lra.
  - apply andb_true_iff in Hb as [Hk Hb]. apply Nat.ltb_lt in Hk.
    rewrite (IH Hb).
    transitivity (sumN nv (fun j => (if Nat.eqb k j then Q2R q else 0) * v j
                                   + Q2R (coeff r j) * v j)).
    + rewrite sumN_plus, sumN_unit by exact Hk. reflexivity.
    + apply sumN_ext. intros j _. destruct (Nat.eqb k j); [rewrite Q2R_plus; ring|ring].
Qed.

Lemma comb_value nv ys tgt v :
  forallb (fun yr => indices_below nv (snd yr)) ys = true -> indices_below nv tgt = true ->
  sumN nv (fun j => Q2R (comb_at ys tgt j) * v j)
  = rval tgt v + fold_right (fun yr acc => Q2R (fst yr) * rval (snd yr) v + acc) 0 ys.
Proof.
  intros Hys Ht. induction ys as [|[y r] ys IH]; simpl in *.
  - rewrite (rval_coeff nv tgt v Ht). ring.
  - apply andb_true_iff in Hys as [Hr Hys].
    rewrite (sumN_ext nv _ (fun j => Q2R y * (Q2R (coeff r j) * v j)
                                   + Q2R (comb_at ys tgt j) * v j)).
    + rewrite sumN_plus, sumN_scal, IH by exact Hys. rewrite (rval_coeff nv r v Hr). ring.
    + intros j _. rewrite Q2R_plus, Q2R_mult. ring.
Qed.

Lemma Qle_bool_R a b : Qle_bool a b = true -> Q2R a <= Q2R b.
Proof. intro H. apply Qle_Rle. apply Qle_bool_iff. exact H. Qed.

Lemma Qeq_bool_R a b : Qeq_bool a b = true -> Q2R a = Q2R b.
Proof. intro H. apply Qeq_eqR. apply Qeq_bool_iff. exact H. Qed.

Lemma Q2R0 : Q2R 0 = 0.
Proof. unfold Q2R; simpl. lra. Qed.

(** Soundness of the combination check. *)
Theorem comb_sound nv nonneg ys tgt (v : nat -> R) :
  comb_ok nv nonneg ys tgt = true ->
  (forall j, nonneg j = true -> 0 <= v j) ->
  0 <= rval tgt v + fold_right (fun yr acc => Q2R (fst yr) * rval (snd yr) v + acc) 0 ys.
Proof.
  unfold comb_ok. intros Hok Hv.
  apply andb_true_iff in Hok as [Hok Hj]. apply andb_true_iff in Hok as [Hys Ht].
  rewrite <- comb_value with (nv := nv); [| |exact Ht].
  - apply sumN_nonneg. intros j Hjn.
    rewrite forallb_forall in Hj. specialize (Hj j (proj2 (in_seq nv 0 j) (conj (Nat.le_0_l j) Hjn))).
    simpl in Hj. destruct (nonneg j) eqn:Hn.
    + apply Qle_bool_R in Hj. rewrite Q2R0 in Hj. pose proof (Hv j Hn). nra.
    + apply Qeq_bool_R in Hj. rewrite Hj. unfold Q2R; simpl. lra.
  - rewrite forallb_forall in *. intros yr Hin. specialize (Hys yr Hin).
    apply andb_true_iff in Hys. tauto.
Qed.


(** Multipliers are nonnegative. *)
Lemma comb_ok_mult_nonneg nv nonneg ys tgt :
  comb_ok nv nonneg ys tgt = true -> forall yr, In yr ys -> 0 <= Q2R (fst yr).
Proof.
  unfold comb_ok. intros Hok yr Hin.
  apply andb_true_iff in Hok as [Hok _]. apply andb_true_iff in Hok as [Hys _].
  rewrite forallb_forall in Hys. specialize (Hys yr Hin). apply andb_true_iff in Hys as [H _].
  apply Qle_bool_R in H. unfold Q2R in H at 1; simpl in H. lra.
Qed.
