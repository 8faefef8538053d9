(** * The model (docs/math.md §1), stated once.

    Tokens are an arbitrary type [T] with an overlap function [ov] (for Boolean tokens
    [ov x k] is the number of common ones, see [Tokens.v]).  A head is two tables over
    token pairs: the kernel [alpha] (required [>= 0]) and the scalar table [s]
    (docs/math.md §1.4: every affine readout of a convex combination of values is of this
    form, and every table [s] arises from some values and readout).

    A sequence queried at [x] is the query itself (counted once) and a list of keys, each
    with a multiplicity.  The multiplicities are real numbers so that Lemma 3 can be stated
    for every real length [n]; an ordinary sequence of tokens is the list of its keys with
    multiplicity 1 ([plain]), and [keys_nat] gives the multiplicity form of a multiset.
    The output at the query is [N / D], the target the minimum overlap, and correctness is
    [D > 0] and [|N/D - t| < eps] (strict). *)

From Coq Require Import Reals Lra List.
Import ListNotations.
Open Scope R_scope.

Section Model.

Context {T : Type} (ov : T -> T -> R).

(** A head: kernel table [alpha] and scalar table [s]. *)
Record head := Head { alpha : T -> T -> R; s : T -> T -> R }.

(** The kernel is nonnegative. *)
Definition nonneg (H : head) : Prop := forall q k, 0 <= alpha H q k.

(** Keys of a sequence queried at a token: tokens with (positive) multiplicities. *)
Definition keys := list (T * R).

(** Denominator [D = sum_j alpha(x,x_j)] (the query counted once). *)
Definition den (H : head) (x : T) (ks : keys) : R :=
  alpha H x x + fold_right (fun p acc => snd p * alpha H x (fst p) + acc) 0 ks.

(** Numerator [N = sum_j alpha(x,x_j) s(x,x_j)]. *)
Definition num (H : head) (x : T) (ks : keys) : R :=
  alpha H x x * s H x x
  + fold_right (fun p acc => snd p * (alpha H x (fst p) * s H x (fst p)) + acc) 0 ks.

(** The Min-IP target at the query: the least overlap, the self term included. *)
Definition target (x : T) (ks : keys) : R :=
  fold_right (fun p acc => Rmin (ov x (fst p)) acc) (ov x x) ks.

(** Strict correctness with tolerance [eps] at the query [x]. *)
Definition correct (eps : R) (H : head) (x : T) (ks : keys) : Prop :=
  0 < den H x ks /\ Rabs (num H x ks / den H x ks - target x ks) < eps.

(** An ordinary sequence [(x, k_1, ..., k_{N-1})]: every key once. *)
Definition plain (ks : list T) : keys := map (fun k => (k, 1)) ks.

(** Correct on every length-[n] sequence queried at [x]. *)
Definition correct_all (n : nat) (eps : R) (H : head) (x : T) : Prop :=
  forall ks : list T, length ks = (n - 1)%nat -> correct eps H x (plain ks).

(** Correctness as two strict linear inequalities (docs/math.md §1.4). *)
Lemma correct_rows eps H x ks :
  correct eps H x ks ->
  0 < den H x ks /\
  num H x ks - (target x ks + eps) * den H x ks < 0 /\
  (target x ks - eps) * den H x ks - num H x ks < 0.
Proof.
  intros [HD Habs].
  set (D := den H x ks) in *; set (N := num H x ks) in *; set (t := target x ks) in *.
  apply Rabs_def2 in Habs as [H1 H2].
  assert (E : N = (N / D) * D) by (field; lra).
  split; [exact HD|]; split.
  - rewrite E. assert (N / D < t + eps) by lra. nra.
  - rewrite E. assert (t - eps < N / D) by lra. nra.
Qed.

Lemma rows_correct eps H x ks :
  0 < den H x ks ->
  num H x ks - (target x ks + eps) * den H x ks < 0 ->
  (target x ks - eps) * den H x ks - num H x ks < 0 ->
  correct eps H x ks.
Proof.
  intros HD Hu Hl. split; [exact HD|].
  set (D := den H x ks) in *; set (N := num H x ks) in *; set (t := target x ks) in *.
  apply Rabs_def1.
  - apply (Rmult_lt_reg_r D); [exact HD|].
    replace ((N / D - t) * D) with (N - t * D) by (field; lra). nra.
  - apply (Rmult_lt_reg_r D); [exact HD|].
    replace ((N / D - t) * D) with (N - t * D) by (field; lra). nra.
Qed.

(** Only the row of the query matters. *)
Lemma correct_ext eps H H' x ks :
  (forall k, alpha H x k = alpha H' x k) -> (forall k, s H x k = s H' x k) ->
  correct eps H x ks -> correct eps H' x ks.
Proof.
  intros Ha Hs. unfold correct, den, num.
  rewrite !Ha, !Hs.
  assert (Ed : fold_right (fun p acc => snd p * alpha H x (fst p) + acc) 0 ks
             = fold_right (fun p acc => snd p * alpha H' x (fst p) + acc) 0 ks).
  { induction ks as [|p ks IH]; simpl; [reflexivity|]. rewrite IH, (Ha (fst p)). reflexivity. }
  assert (En : fold_right (fun p acc => snd p * (alpha H x (fst p) * s H x (fst p)) + acc) 0 ks
             = fold_right (fun p acc => snd p * (alpha H' x (fst p) * s H' x (fst p)) + acc) 0 ks).
  { clear Ed. induction ks as [|p ks IH]; simpl; [reflexivity|]. rewrite IH, (Ha (fst p)), (Hs (fst p)). reflexivity. }
  rewrite Ed, En. tauto.
Qed.

End Model.

Arguments head T : clear implicits.
