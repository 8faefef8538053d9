(** * The three-token phase transition (docs/math.md §6.1, docs/formal.md).

    [rank_one]: on the paper's model (Paper.v) one feature suffices, exactly, for every
    sequence of length 1 or 2, at every position: the constant kernel [alpha = 1]
    ([phi_Q = phi_K = 1], [r = 1]), values [v(k) = k] in [R^m], readout
    [<2q, o> - |q|], so [s(q,k) = 2<q,k> - |q|]; the output is the target, error 0.
    [transition]: that, and Theorem 6 at length 3 ([Paper.theorem6]), as one statement. *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Farkas Rank RankBound CodeRank Paper.
Open Scope R_scope.

Definition one_phi {m} (q : tok m) (l : nat) : R := 1.
Definition one_v {m} (k : tok m) (d : nat) : R := bitv k d.
Definition one_A {m} (q : tok m) (d : nat) : R := 2 * bitv q d.
Definition one_b {m} (q : tok m) : R := - tov q q.

Lemma tov_le_self {m} (x y : tok m) : tov x y <= tov x x.
Proof. unfold tov. apply le_INR, ovn_le_self. Qed.

Lemma one_kernel m q k : kernel m 1 one_phi one_phi q k = 1.
Proof. unfold kernel, one_phi. simpl. ring. Qed.

Lemma one_s m q k :
  s (table m 1 m one_phi one_phi one_v one_A one_b) q k = 2 * tov q k - tov q q.
Proof.
  simpl. unfold one_A, one_v, one_b. rewrite <- (bitv_dot q k), <- sumN_scal.
  unfold Rminus. f_equal. apply sumN_ext. intros. ring.
Qed.

(** ** Rank one is exact on every sequence of length at most 2, at every position. *)
Theorem rank_one (m : nat) :
  (forall q k, 0 <= kernel m 1 one_phi one_phi q k) /\
  forall (n : nat) (X : nat -> tok m) (i : nat), (1 <= n <= 2)%nat -> (i < n)%nat ->
    0 < pden m 1 one_phi one_phi n X i /\
    yhat m 1 m one_phi one_phi one_v one_A one_b n X i = ptarget m n X i.
Proof.
  split; [intros; rewrite one_kernel; lra|].
  intros n X i Hn Hi.
  assert (Hd : pden m 1 one_phi one_phi n X i = INR n).
  { unfold pden. rewrite (sumN_ext n _ (fun _ => 1)) by (intros; apply one_kernel).
    rewrite sumN_const. ring. }
  assert (Hp : 0 < INR n) by (apply lt_0_INR; lia).
  split; [rewrite Hd; exact Hp|].
  rewrite scalarize by lra. rewrite Hd.
  rewrite (sumN_ext n _ (fun j => 2 * tov (X i) (X j) - tov (X i) (X i)))
    by (intros; change (alpha (table m 1 m one_phi one_phi one_v one_A one_b) (X i) (X j))
                  with (kernel m 1 one_phi one_phi (X i) (X j));
        rewrite one_kernel, one_s; ring).
  unfold ptarget.
  assert (n = 1 \/ n = 2)%nat as [-> | ->] by lia; simpl sumN; simpl minN; simpl INR.
  - assert (i = 0)%nat as -> by lia. rewrite Rmin_left by lra. field.
  - pose proof (tov_le_self (X i) (X 0%nat)). pose proof (tov_le_self (X i) (X 1%nat)).
    rewrite (Rmin_left (tov (X i) (X 0%nat)) (tov (X i) (X 0%nat))) by lra.
    assert (i = 0 \/ i = 1)%nat as [-> | ->] by lia.
    + rewrite Rmin_right by lra. field.
    + rewrite Rmin_left by lra. field.
Qed.

(** ** The phase transition, for every [m]: one feature is exact at every position of every
    sequence of length at most 2, while every head of the paper's model (any [r], [D],
    features with a nonnegative kernel, values and affine readout) with error below [1/2] at
    every position of every length-3 sequence has [r >= 2^(m/10 - 6)]. *)
Theorem transition (m : nat) :
  (exists (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),
     (forall q k, 0 <= kernel m 1 phiQ phiK q k) /\
     forall (n : nat) (X : nat -> tok m) (i : nat), (1 <= n <= 2)%nat -> (i < n)%nat ->
       0 < pden m 1 phiQ phiK n X i /\ yhat m 1 m phiQ phiK v A b n X i = ptarget m n X i) /\
  (forall (r D : nat) (phiQ phiK v A : tok m -> nat -> R) (b : tok m -> R),
     (forall q k, 0 <= kernel m r phiQ phiK q k) ->
     (forall (X : nat -> tok m) (i : nat), (i < 3)%nat -> pcorrect m r D phiQ phiK v A b (1 / 2) 3 X i) ->
     2 ^ m <= (64 * INR r) ^ 10).
Proof.
  split.
  - exists one_phi, one_phi, one_v, one_A, one_b. apply rank_one.
  - exact (theorem6 m).
Qed.
