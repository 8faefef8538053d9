(** * The hypotheses of a gap claim can be met, so an accepted certificate is not vacuous.
    For every [p] in range ([gap_range]: [n >= 3], [eps > 0], [u < w <= h]) there are
    tokens with the stated overlaps and a nonnegative head correct on the family:
    [paper_gap_satisfiable] (S1, S2, S3: Lemma 3's [sharp_head] when [K > 0], [nec_head]
    when [K < 1]) and [all_gap_satisfiable] (every multiset: an explicit head with [alpha]
    growing fast as the overlap falls).  [gap_certified_head]: every accepted certificate
    bounds such a head, [alpha(x,y) > K' alpha(x,z)].  ([paper_claim] has the hypotheses of
    [gap_claim].) *)

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

(** The [all] family for every [n] and [eps > 0]: with [s] the overlaps and
    [alpha = (1, M^2, M)] on [(x, y, z)], [M = 2 n h / eps + 1], the output is within [eps]
    of the least overlap on every multiset with [i_x >= 1] (a key [y] present: the error times
    [D] is at most [n h + n M h < eps M^2]; [z] but no [y]: at most [n h < eps M]). *)
Definition allM_head (h u w M : R) : head nat :=
  Head (fun _ k => match k with O => 1 | 1%nat => M * M | 2%nat => M | _ => 0 end)
       (fun _ k => match k with O => h | 1%nat => u | 2%nat => w | _ => 0 end).

Theorem all_gap_satisfiable (p : gparams) :
  g_all p = true -> gap_range p -> exists (ov : nat -> nat -> R) (H : head nat), gap_hyps p ov H.
Proof.
  unfold gap_hyps. intros Ha (Hn & He & Huw & Hwh).
  set (h := INR (g_h p)). set (u := INR (g_u p)). set (w := INR (g_w p)).
  set (e := Q2R (g_eps p)) in *. set (N := INR (g_n p)).
  assert (Hu0 : 0 <= u) by apply pos_INR.
  assert (Huw' : u < w) by (apply lt_INR; exact Huw).
  assert (Hwh' : w <= h) by (apply le_INR; exact Hwh).
  assert (HN : 3 <= N) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR, Hn).
  set (M := 2 * N * h / e + 1).
  assert (EM : e * M = 2 * N * h + e) by (unfold M; field; lra).
  assert (HM : 1 <= M).
  { unfold M. assert (Hh0 : 0 <= h) by apply pos_INR.
    assert (0 <= 2 * N * h / e).
    { unfold Rdiv. apply Rmult_le_pos; [nra|left; apply Rinv_0_lt_compat; exact He]. }
    lra. }
  exists (ov3 h u w), (allM_head h u w M).
  split; [reflexivity|]. split; [reflexivity|]. split; [reflexivity|].
  split.
  { intros q k. unfold allM_head; simpl. destruct k as [|[|[|k]]]; nra. }
  intros ix iy iz Hf. unfold in_family in Hf. rewrite Ha in Hf.
  apply andb_true_iff in Hf as [H1 H3]. apply Nat.leb_le in H1. apply Nat.eqb_eq in H3.
  destruct ix as [|jx]; [lia|]. replace (S jx - 1)%nat with jx by lia.
  set (ov := ov3 h u w). set (H := allM_head h u w M).
  assert (EX : 1 + INR jx + INR iy + INR iz = N).
  { unfold N. rewrite <- H3, !plus_INR, S_INR. ring. }
  assert (HX := pos_INR jx). assert (HY := pos_INR iy). assert (HZ := pos_INR iz).
  apply rows_correct;
    rewrite (den3 0%nat 1%nat 2%nat H), ?(num3 0%nat 1%nat 2%nat H),
      ?(target3 ov 0%nat 1%nat 2%nat p eq_refl eq_refl eq_refl);
    unfold H, allM_head; cbn [alpha s]; unfold gtarget;
    destruct (Nat.eqb_spec iy 0) as [Ey|Ey]; destruct (Nat.eqb_spec iz 0) as [Ez|Ez].
  (* den > 0 *)
  1-4: nra.
  (* upper rows *)
  - replace (Nat.min (g_h p) (g_h p)) with (g_h p) by lia. fold h. subst iy iz. simpl in *. nra.
  - replace (Nat.min (Nat.min (g_w p) (g_h p)) (g_h p)) with (g_w p) by lia. fold w.
    subst iy. simpl in *.
    assert (1 <= INR iz) by (apply (le_INR 1); lia).
    assert ((1 + INR jx) * (h - w) <= N * h) by nra.
    assert (0 <= e * M * (INR iz - 1)) by (apply Rmult_le_pos; nra).
    nra.
  - replace (Nat.min (g_h p) (g_u p)) with (g_u p) by lia. fold u.
    assert (1 <= INR iy) by (apply (le_INR 1); lia).
    assert ((1 + INR jx) * (h - u) <= N * h) by nra.
    assert (0 <= e * (M * M) * (INR iy - 1)) by (apply Rmult_le_pos; nra).
    assert (EM2 : e * (M * M) = e * M * M) by ring. rewrite EM in EM2.
    assert (Hh0 : 0 <= h) by apply pos_INR.
    assert (N * h <= N * h * M) by nra.
    subst iz. simpl in *. nra.
  - replace (Nat.min (Nat.min (g_w p) (g_h p)) (g_u p)) with (g_u p) by lia. fold u.
    assert (1 <= INR iy) by (apply (le_INR 1); lia).
    assert ((1 + INR jx) * (h - u) <= N * h) by nra.
    assert (Hz1 : INR iz * (w - u) <= N * h).
    { apply Rle_trans with (N * (w - u)); [apply Rmult_le_compat_r|apply Rmult_le_compat_l]; lra. }
    assert (INR iz * M * (w - u) <= N * M * h).
    { replace (INR iz * M * (w - u)) with (M * (INR iz * (w - u))) by ring.
      replace (N * M * h) with (M * (N * h)) by ring. apply Rmult_le_compat_l; lra. }
    assert (0 <= e * (M * M) * (INR iy - 1)) by (apply Rmult_le_pos; nra).
    assert (EM2 : e * (M * M) = e * M * M) by ring. rewrite EM in EM2.
    assert (Hh0 : 0 <= h) by apply pos_INR.
    assert (N * h <= N * h * M) by nra.
    nra.
  (* lower rows *)
  - replace (Nat.min (g_h p) (g_h p)) with (g_h p) by lia. fold h. subst iy iz. simpl in *. nra.
  - replace (Nat.min (Nat.min (g_w p) (g_h p)) (g_h p)) with (g_w p) by lia. fold w.
    subst iy. simpl in *. assert (0 <= INR iz * M) by nra. nra.
  - replace (Nat.min (g_h p) (g_u p)) with (g_u p) by lia. fold u.
    subst iz. simpl in *. assert (0 <= INR iy * (M * M)) by nra. nra.
  - replace (Nat.min (Nat.min (g_w p) (g_h p)) (g_u p)) with (g_u p) by lia. fold u.
    assert (0 <= INR iz * M) by nra. assert (0 <= INR iy * (M * M)) by nra. nra.
Qed.

(** Every accepted gap certificate bounds a head that exists: the head above has
    [alpha(x,y) > K' alpha(x,z)]. *)
Corollary gap_certified_head (p : gparams) (cert : list (glabel * Q)) :
  check_gap p cert = true ->
  exists (ov : nat -> nat -> R) (H : head nat),
    gap_hyps p ov H /\ Q2R (g_kp p) * alpha H 0%nat 2%nat < alpha H 0%nat 1%nat.
Proof.
  intros Hc. destruct (gap_sound p cert Hc) as [Hr C].
  assert (E : exists (ov : nat -> nat -> R) (H : head nat), gap_hyps p ov H).
  { destruct (g_all p) eqn:Ha; [exact (all_gap_satisfiable p Ha Hr)|exact (paper_gap_satisfiable p Ha Hr)]. }
  destruct E as (ov & H & Hy). exists ov, H. split; [exact Hy|].
  destruct Hy as (Eh & Eu & Ew & Hnn & Hcor).
  apply Rnot_le_lt. exact (C nat ov 0%nat 1%nat 2%nat H Eh Eu Ew Hnn Hcor).
Qed.
