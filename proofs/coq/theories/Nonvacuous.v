(** * The hypotheses of a gap claim can be met, so an accepted certificate is not vacuous.
    [paper_gap_satisfiable]: for every paper-family [p] in range ([gap_range]: [n >= 3],
    [eps > 0], [u < w <= h]) there are tokens with the stated overlaps and a nonnegative head
    correct on S1, S2, S3 (Lemma 3's [sharp_head] when [K > 0], [nec_head] when [K < 1]).
    [all3_gap_satisfiable]: the same for the [all] family at [n = 3], [eps >= 1/2], with an
    explicit head.  [gap_certified_head]: an accepted certificate of either kind bounds such
    a head, [alpha(x,y) > K' alpha(x,z)].  ([paper_claim] has the hypotheses of
    [gap_claim].)  Not covered: the [all] family at other [n] or [eps < 1/2]. *)

From Coq Require Import Reals Lra Lia List QArith Qreals Bool Arith.
From Minip Require Import Model Lemma3 Gap.
Import ListNotations.
Open Scope R_scope.

(** Three tokens [0 = x], [1 = y], [2 = z]; only the row of [x] matters. *)
Definition ov3 (h u w : R) (a b : nat) : R :=
  match a, b with
  | O, O => h
  | O, 1%nat => u
  | O, 2%nat => w
  | _, _ => 0
  end.

(** The hypotheses of [gap_claim p] (and [paper_claim p]) for the tokens [0 = x], [1 = y],
    [2 = z]. *)
Definition gap_hyps (p : gparams) (ov : nat -> nat -> R) (H : head nat) : Prop :=
  ov 0%nat 0%nat = INR (g_h p) /\ ov 0%nat 1%nat = INR (g_u p) /\ ov 0%nat 2%nat = INR (g_w p) /\
  nonneg H /\
  (forall ix iy iz, in_family p ix iy iz = true ->
     correct ov (Q2R (g_eps p)) H 0%nat (keys3 0%nat 1%nat 2%nat (ix - 1) iy iz)).

(** The paper family's sequences, as [gap_claim] writes them ([keys3]), are S1, S2, S3. *)
Lemma keys3_paper {T} (x y z : T) (n ix iy iz : nat) (p : gparams) :
  g_all p = false -> g_n p = n -> (3 <= n)%nat -> in_family p ix iy iz = true ->
  keys3 x y z (ix - 1) iy iz = S1 y (INR n) \/ keys3 x y z (ix - 1) iy iz = S2 z (INR n)
  \/ keys3 x y z (ix - 1) iy iz = S3 y z (INR n).
Proof.
  intros Ha En Hn Hf. unfold in_family in Hf. rewrite Ha, En in Hf.
  assert (E1 : INR n - 1 = INR (n - 1)) by (rewrite minus_INR by lia; simpl; ring).
  assert (E2 : INR n - 2 = INR (n - 2)) by (rewrite minus_INR by lia; simpl; ring).
  unfold S1, S2, S3, keys3, opt. rewrite E1, E2.
  repeat (apply orb_true_iff in Hf as [Hf|Hf]);
    repeat (apply andb_true_iff in Hf as [Hf ?]);
    repeat match goal with E : Nat.eqb _ _ = true |- _ => apply Nat.eqb_eq in E; subst end;
    simpl; repeat match goal with |- context [Nat.eqb ?a 0] =>
                    replace (Nat.eqb a 0) with false by (symmetry; apply Nat.eqb_neq; lia) end;
    simpl.
  - left. reflexivity.
  - right; left. reflexivity.
  - right; right. reflexivity.
Qed.

Theorem paper_gap_satisfiable (p : gparams) :
  g_all p = false -> gap_range p ->
  exists (ov : nat -> nat -> R) (H : head nat), gap_hyps p ov H.
Proof.
  intros Ha (Hn & He & Huw & Hwh).
  set (ov := ov3 (INR (g_h p)) (INR (g_u p)) (INR (g_w p))).
  assert (Huw' : ov 0%nat 1%nat < ov 0%nat 2%nat) by (apply lt_INR; exact Huw).
  assert (Hwh' : ov 0%nat 2%nat <= ov 0%nat 0%nat) by (apply le_INR; exact Hwh).
  assert (Hn' : 3 <= INR (g_n p)) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR, Hn).
  set (n := INR (g_n p)). set (eps := Q2R (g_eps p)).
  assert (Hcor : forall H, nonneg H ->
            correct ov eps H 0%nat (S1 1%nat n) -> correct ov eps H 0%nat (S2 2%nat n) ->
            correct ov eps H 0%nat (S3 1%nat 2%nat n) ->
            exists (ov' : nat -> nat -> R) (H : head nat), gap_hyps p ov' H).
  { intros H Hnn C1 C2 C3. exists ov, H. unfold gap_hyps. split; [reflexivity|]. split; [reflexivity|]. split; [reflexivity|]. split; [exact Hnn|].
    intros ix iy iz Hf.
    destruct (keys3_paper 0%nat 1%nat 2%nat (g_n p) ix iy iz p Ha eq_refl Hn Hf) as [E|[E|E]];
      rewrite E; assumption. }
  destruct (Rlt_or_le 0 (Kfac n eps (ov 0%nat 2%nat - ov 0%nat 1%nat))) as [HK|HK].
  - destruct (lemma3_sharp Nat.eq_dec ov 0%nat 1%nat 2%nat ltac:(lia) ltac:(lia) ltac:(lia)
                Huw' Hwh' n eps 1 Hn' He HK ltac:(lra)) as (Hnn & _ & _ & C1 & C2 & C3).
    exact (Hcor _ Hnn C1 C2 C3).
  - destruct (side_condition_necessary Nat.eq_dec ov 0%nat 1%nat 2%nat ltac:(lia) ltac:(lia) ltac:(lia)
                Huw' Hwh' n eps Hn' He ltac:(lra)) as (Hnn & _ & _ & C1 & C2 & C3).
    exact (Hcor _ Hnn C1 C2 C3).
Qed.

(** The [all] family at [n = 3], [eps >= 1/2]: with [s] the overlaps and
    [alpha = (1, 16 (h+1)^2, 4 (h+1))] on [(x, y, z)], the output is within [1/2] of the least
    overlap on all six multisets (a key [y] present: the error is at most
    [(2h + 4(h+1)h) / (16 (h+1)^2)]; [z] but no [y]: at most [2h / (4(h+1) + 1)]). *)
Definition all3_head (h u w : R) : head nat :=
  Head (fun _ k => match k with O => 1 | 1%nat => 16 * (h + 1) ^ 2 | 2%nat => 4 * (h + 1) | _ => 0 end)
       (fun _ k => match k with O => h | 1%nat => u | 2%nat => w | _ => 0 end).

Theorem all3_gap_satisfiable (p : gparams) :
  g_all p = true -> g_n p = 3%nat -> 1 / 2 <= Q2R (g_eps p) -> gap_range p ->
  exists (ov : nat -> nat -> R) (H : head nat), gap_hyps p ov H.
Proof.
  unfold gap_hyps. intros Ha En He (_ & _ & Huw & Hwh).
  set (h := INR (g_h p)). set (u := INR (g_u p)). set (w := INR (g_w p)). set (e := Q2R (g_eps p)) in *.
  assert (Hu0 : 0 <= u) by apply pos_INR.
  assert (Huw' : u < w) by (apply lt_INR; exact Huw).
  assert (Hwh' : w <= h) by (apply le_INR; exact Hwh).
  exists (ov3 h u w), (all3_head h u w).
  split; [reflexivity|]. split; [reflexivity|]. split; [reflexivity|].
  split.
  { intros q k. unfold all3_head; simpl. destruct k as [|[|[|k]]]; nra. }
  intros ix iy iz Hf. unfold in_family in Hf. rewrite Ha, En in Hf.
  apply andb_true_iff in Hf as [H1 H3]. apply Nat.leb_le in H1. apply Nat.eqb_eq in H3.
  assert (Hy : 0 < 16 * (h + 1) ^ 2) by nra.
  assert (Hz : 0 < 4 * (h + 1)) by lra.
  assert (Hyz : 4 * (h + 1) * (w - u) <= 4 * (h + 1) * h) by (apply Rmult_le_compat_l; lra).
  assert (E1 : Rmin w h = w) by (apply Rmin_left; lra).
  assert (E2 : Rmin u h = u) by (apply Rmin_left; lra).
  assert (E3 : Rmin u w = u) by (apply Rmin_left; lra).
  assert (E4 : Rmin h w = w) by (apply Rmin_right; lra).
  assert (E5 : Rmin h u = u) by (apply Rmin_right; lra).
  assert (E6 : Rmin h h = h) by (apply Rmin_left; lra).
  destruct ix as [|[|[|[|ix]]]]; try lia; destruct iy as [|[|[|[|iy]]]]; try lia;
    destruct iz as [|[|[|[|iz]]]]; try lia;
    apply rows_correct; unfold den, num, target, keys3, opt; simpl;
    rewrite ?E1, ?E2, ?E3, ?E4, ?E5, ?E6; nra.
Qed.

(** An accepted certificate of the paper family, or of the [all] family at [n = 3],
    [eps >= 1/2], bounds a head that exists: the head above has
    [alpha(x,y) > K' alpha(x,z)]. *)
Corollary gap_certified_head (p : gparams) (cert : list (glabel * Q)) :
  check_gap p cert = true ->
  g_all p = false \/ (g_n p = 3%nat /\ 1 / 2 <= Q2R (g_eps p)) ->
  exists (ov : nat -> nat -> R) (H : head nat),
    gap_hyps p ov H /\ Q2R (g_kp p) * alpha H 0%nat 2%nat < alpha H 0%nat 1%nat.
Proof.
  intros Hc Hf. destruct (gap_sound p cert Hc) as [Hr C].
  assert (E : exists (ov : nat -> nat -> R) (H : head nat), gap_hyps p ov H).
  { destruct (g_all p) eqn:Ha.
    - destruct Hf as [Hf|[Hn He]]; [discriminate|]. exact (all3_gap_satisfiable p Ha Hn He Hr).
    - exact (paper_gap_satisfiable p Ha Hr). }
  destruct E as (ov & H & Hy). exists ov, H. split; [exact Hy|].
  destruct Hy as (Eh & Eu & Ew & Hnn & Hcor).
  apply Rnot_le_lt. exact (C nat ov 0%nat 1%nat 2%nat H Eh Eu Ew Hnn Hcor).
Qed.
