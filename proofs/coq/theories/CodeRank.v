(** * Any code gives a rank bound, for every [m] (docs/math.md §5.2–5.4).

    A code is [k] pairs [(x_i, y_i)] of tokens of [{0,1}^m] with [|x_i| = h] and
    [<x_i, y_i> = lo < h]; the class of [y_j] seen from [x_i] is [cls_of h (x i) (y j)]
    (its overlap [o] if [o < h], [h] if [y_j = x_i], [h + 1] for a strict superset,
    §5.3).  A ratio [L c] is *forced* for the class [c] ([forced]) when every nonnegative
    head correct on all length-[n] sequences has [alpha(x, rep lo) >= L c * alpha(x, rep c)]
    for all representatives of the classes: the statement of [Ratio.ratio_claim]
    ([ratio_forced]) and of [Chain.forced_ratio_chain] ([chain_forced]).

    [code_rank]: for every such code and forced positive ratios of the classes that occur,
    every nonnegative head correct on all length-[n] sequences over [{0,1}^m] whose kernel
    has [r] features ([alpha(q,k) = sum_{l<r} phi_l(q) psi_l(k)]) satisfies
    [r >= k^2 / (k + sum_{i<>j} L_ij^-2)], [L_ij] the ratio of the class of [(i, j)]. *)

From Coq Require Import Reals Lra Lia List Arith Bool.
From Minip Require Import Model Farkas Lemma3 Chain Ratio Rank RankBound.
Import ListNotations.
Open Scope R_scope.

(** ** Forced ratios *)

(** [L] is forced between the classes [lo] and [c] (queries of weight [h], length [n],
    tolerance [eps]): the second half of [Ratio.ratio_claim], for any parameters. *)
Definition forced (n : nat) (eps : R) (h lo c : nat) (L : R) : Prop :=
  forall (T : Type) (ov : T -> T -> R) (x : T) (rep : nat -> T) (H : head T),
    rep h = x ->
    (forall c', (c' <= S h)%nat -> ov x (rep c') = INR (Nat.min c' h)) ->
    nonneg H -> correct_all ov n eps H x ->
    alpha H x (rep lo) >= L * alpha H x (rep c).

(** A ratio certificate accepted by [check_ratio] gives a forced ratio. *)
Lemma ratio_forced p L :
  ratio_claim p L -> forced (r_n p) (Q2R (r_eps p)) (r_h p) (r_lo p) (r_hi p) (Q2R L).
Proof. intros [_ C]. exact C. Qed.

(** The chain bound is forced: for a split [min c h - lo = d_1 + ... + d_k] into gaps
    [d_i >= 2] (at least one), [chainprod n ds = Π (n-2)(d_i - 1)] is forced for the class
    [c] (also for the strict supersets [c = h + 1]). *)
Lemma chain_forced n h lo c ds :
  (3 <= n)%nat -> ds <> [] -> Forall (fun d => (2 <= d)%nat) ds -> (c <= S h)%nat ->
  (lo + list_sum ds)%nat = Nat.min c h ->
  forced n (1 / 2) h lo c (chainprod (INR n) ds).
Proof.
  intros Hn Hne Hds Hc Hs T ov x rep H Hrep Hov Hnn Hall.
  assert (Hpos : (2 <= list_sum ds)%nat).
  { destruct ds as [|d ds]; [congruence|]. inversion Hds; subst. simpl. lia. }
  set (e := (lo + list_sum ds)%nat) in *.
  set (rep' := fun c' => if Nat.eqb c' e then rep c else rep c').
  assert (Hmin : (e <= h)%nat) by (rewrite Hs; apply Nat.le_min_r).
  pose proof (forced_ratio_chain ov x rep' H n lo ds Hn Hds) as F. fold e in F.
  assert (Elo : rep' lo = rep lo).
  { unfold rep'. destruct (Nat.eqb_spec lo e); [lia|reflexivity]. }
  assert (Ee : rep' e = rep c) by (unfold rep'; rewrite Nat.eqb_refl; reflexivity).
  rewrite Elo, Ee in F. apply F; [|  |exact Hnn|exact Hall].
  - intros c' Hc'. unfold rep'. destruct (Nat.eqb_spec c' e) as [E|E].
    + rewrite Hov by exact Hc. rewrite E, Hs. reflexivity.
    + rewrite Hov by lia. f_equal. lia.
  - assert (Exx : ov x x = INR h) by (rewrite <- Hrep at 2; rewrite Hov by lia; rewrite Nat.min_id; reflexivity).
    rewrite Exx. apply le_INR. exact Hmin.
Qed.

(** ** Tokens of [{0,1}^m]: overlaps and classes *)

Definition ovt {m} (a b : tok m) : nat := ovn (proj1_sig a) (proj1_sig b).

(** The class of [y] seen from [x] (weight [h]), docs/math.md §5.3. *)
Definition cls_of {m} (h : nat) (x y : tok m) : nat := cls h (proj1_sig x) (proj1_sig y).

Lemma ovn_nil_r a : ovn a [] = 0%nat.
Proof. destruct a; reflexivity. Qed.

Lemma ovn_le_self a b : (ovn a b <= ovn a a)%nat.
Proof.
  revert b; induction a as [|u a IH]; intros [|v b]; simpl; try lia.
  specialize (IH b). destruct u, v; simpl; lia.
Qed.

Lemma ovn_pref x c : ovn x (pref x c) = Nat.min c (ovn x x).
Proof.
  revert c; induction x as [|[|] x IH]; intros [|c]; simpl; try reflexivity.
  - rewrite IH. reflexivity.
  - rewrite IH. reflexivity.
  - rewrite IH. reflexivity.
  - rewrite IH. reflexivity.
Qed.

(** ** The theorem *)

(** A code of shape [(m, h, lo)]: [k] pairs with [|x_i| = h], [<x_i,y_i> = lo < h]. *)
Definition is_code (m h lo k : nat) (x y : nat -> tok m) : Prop :=
  (lo < h)%nat /\ forall i, (i < k)%nat -> ovt (x i) (x i) = h /\ ovt (x i) (y i) = lo.

(** A positive forced ratio [L c] for the class [c] of every off-diagonal entry (a class
    other than [lo]). *)
Definition ratios_forced (n : nat) (eps : R) (m h lo k : nat) (x y : nat -> tok m)
  (L : nat -> R) : Prop :=
  forall i j, (i < k)%nat -> (j < k)%nat -> i <> j ->
    let c := cls_of h (x i) (y j) in c <> lo /\ 0 < L c /\ forced n eps h lo c (L c).

(** The entrywise value [k^2 / (k + sum_{i<>j} R_ij^-2)]. *)
Definition code_value (k : nat) (Rt : nat -> nat -> R) : R :=
  INR k ^ 2 / (INR k + offsum k (fun i j => / Rt i j ^ 2)).

(** The model's heads over [{0,1}^m] with [r] features, correct with tolerance [eps] on all
    length-[n] sequences. *)
Definition feature_head (m n : nat) (eps : R) (H : head (tok m)) (r : nat)
  (phi psi : nat -> tok m -> R) : Prop :=
  nonneg H /\ (forall q, correct_all tov n eps H q) /\
  (forall q k, alpha H q k = sumN r (fun l => phi l q * psi l k)).

Section CodeRank.

Context (m n h lo k : nat) (eps : R) (x y : nat -> tok m) (L : nat -> R).
Hypothesis Hn : (3 <= n)%nat.
Hypothesis He : 0 < eps.
Hypothesis Hside : (INR n - 2) * (INR h - INR lo) >= 2 * eps * (INR n - 1).
Hypothesis Hcode : is_code m h lo k x y.
Hypothesis Hratio : ratios_forced n eps m h lo k x y L.

Context (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R).
Hypothesis Hhead : feature_head m n eps H r phi psi.

Let Lr i j := L (cls_of h (x i) (y j)).

Lemma tov_ovt (a b : tok m) : tov a b = INR (ovt a b).
Proof. reflexivity. Qed.

(** The diagonal is positive: Lemma 3 with [z = x_i]. *)
Lemma diag_pos i : (i < k)%nat -> 0 < alpha H (x i) (y i).
Proof.
  intro Hi. destruct Hhead as (Hnn & Hall & _). destruct Hcode as [Hlh Hc].
  destruct (Hc i Hi) as [E1 E2].
  assert (Ehh : tov (x i) (x i) = INR h) by (rewrite tov_ovt, E1; reflexivity).
  assert (Ehl : tov (x i) (y i) = INR lo) by (rewrite tov_ovt, E2; reflexivity).
  assert (Hlt : INR lo < INR h) by (apply lt_INR; exact Hlh).
  assert (Huw : tov (x i) (y i) < tov (x i) (x i)) by lra.
  destruct (paper_of_all tov H (x i) n eps (y i) (x i) Hn (Hall (x i))) as (C1 & C2 & C3).
  assert (H3 : 3 <= INR n) by (replace 3 with (INR 3) by (simpl; ring); apply le_INR; exact Hn).
  pose proof (lemma3 tov (x i) (y i) (x i) Huw (Rle_refl _) (INR n) eps H H3 He
                ltac:(rewrite Ehh, Ehl; exact Hside) Hnn C1 C2 C3) as L3.
  assert (HK : Kfac (INR n) eps (tov (x i) (x i) - tov (x i) (y i)) >= 1).
  { apply (side_iff_K _ _ _ H3 He). rewrite Ehh, Ehl. exact Hside. }
  pose proof (Hnn (x i) (x i)). nra.
Qed.

(** One off-diagonal entry: its forced ratio, with representatives [y_i] (class [lo]),
    [y_j] (its class), [x_i] (class [h]) and prefixes of [x_i]. *)
Lemma pair_ratio i j : (i < k)%nat -> (j < k)%nat -> i <> j ->
  0 < Lr i j /\ alpha H (x i) (y i) >= Lr i j * alpha H (x i) (y j).
Proof.
  intros Hi Hj Hij. destruct Hhead as (Hnn & Hall & _). destruct Hcode as [Hlh Hc].
  destruct (Hc i Hi) as [E1 E2].
  destruct (Hratio i j Hi Hj Hij) as (Hne & HL & F). unfold Lr. split; [exact HL|].
  set (c := cls_of h (x i) (y j)) in *.
  set (rep := fun c' => if Nat.eqb c' lo then y i else if Nat.eqb c' c then y j
                        else if Nat.eqb c' h then x i else Pref m (x i) c').
  assert (Hoj : (ovt (x i) (y j) <= h)%nat) by (rewrite <- E1; apply ovn_le_self).
  assert (Hcls : ((c < h)%nat /\ ovt (x i) (y j) = c) \/ (c = h /\ y j = x i)
                 \/ (c = S h /\ ovt (x i) (y j) = h)).
  { unfold c, cls_of, cls. fold (ovt (x i) (y j)).
    destruct (Nat.ltb_spec (ovt (x i) (y j)) h) as [Lt|Ge]; [left; split; [exact Lt|reflexivity]|].
    right. destruct (lbeq (proj1_sig (y j)) (proj1_sig (x i))) eqn:Eq.
    - left. split; [reflexivity|]. apply tok_eq, list_beq_eq, Eq.
    - right. split; [reflexivity|lia]. }
  assert (Hrep : rep h = x i).
  { unfold rep. destruct (Nat.eqb_spec h lo); [lia|].
    destruct (Nat.eqb_spec h c) as [E|E]; [|rewrite Nat.eqb_refl; reflexivity].
    destruct Hcls as [(A & _)|[(_ & B)|(A & _)]]; [lia|exact B|lia]. }
  assert (Hov : forall c', (c' <= S h)%nat -> tov (x i) (rep c') = INR (Nat.min c' h)).
  { intros c' Hc'. rewrite tov_ovt. f_equal. unfold rep.
    destruct (Nat.eqb_spec c' lo) as [->|_]; [rewrite E2; lia|].
    destruct (Nat.eqb_spec c' c) as [->|_].
    { destruct Hcls as [(A & B)|[(A & B)|(A & B)]]; [rewrite B; lia|rewrite B, A, E1; lia|rewrite B, A; lia]. }
    destruct (Nat.eqb_spec c' h) as [->|_]; [rewrite E1; lia|].
    unfold ovt, Pref. simpl. rewrite ovn_pref. fold (ovt (x i) (x i)). rewrite E1. reflexivity. }
  specialize (F (tok m) tov (x i) rep H Hrep Hov Hnn (Hall (x i))).
  assert (Elo : rep lo = y i) by (unfold rep; rewrite Nat.eqb_refl; reflexivity).
  assert (Ec : rep c = y j).
  { unfold rep. destruct (Nat.eqb_spec c lo); [contradiction|]. rewrite Nat.eqb_refl. reflexivity. }
  rewrite Elo, Ec in F. exact F.
Qed.

(** [k^2 <= r (k + sum_{i<>j} L_ij^-2)]. *)
Lemma code_rank_mul : INR k ^ 2 <= INR r * (INR k + offsum k (fun i j => / Lr i j ^ 2)).
Proof.
  destruct Hhead as (Hnn & _ & Hfeat).
  set (a := fun i => alpha H (x i) (y i)).
  set (phi' := fun l i => phi l (x i) / a i). set (psi' := fun l j => psi l (y j)).
  assert (EM : forall i j, fmat r phi' psi' i j = alpha H (x i) (y j) / a i).
  { intros i j. unfold fmat, phi', psi'. rewrite Hfeat. unfold Rdiv. rewrite <- sumN_scal_r.
    apply sumN_ext. intros. ring. }
  apply (rank_entrywise k r phi' psi').
  - intros i Hi. rewrite EM. unfold a. field. apply Rgt_not_eq, diag_pos, Hi.
  - intros i j Hi Hj Hij. rewrite EM. destruct (pair_ratio i j Hi Hj Hij) as [HL Hb].
    assert (Ha : 0 < a i) by (apply diag_pos, Hi). change (alpha H (x i) (y i)) with (a i) in Hb.
    pose proof (Hnn (x i) (y j)).
    set (Lv := Lr i j) in *. set (v := alpha H (x i) (y j)) in *.
    assert (0 <= v / a i <= / Lv).
    { split; [unfold Rdiv; apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]|].
      apply (Rmult_le_reg_l Lv); [exact HL|]. apply (Rmult_le_reg_r (a i)); [exact Ha|].
      replace (Lv * (v / a i) * a i) with (Lv * v) by (field; lra).
      replace (Lv * / Lv * a i) with (a i) by (field; lra). lra. }
    replace (/ Lv ^ 2) with ((/ Lv) ^ 2) by (field; lra).
    apply pow_incr; lra.
Qed.

End CodeRank.

(** ** Any code gives a rank bound: for every [m], every code of shape [(m, h, lo)] with
    [k >= 1] pairs and positive forced ratios [L] for its classes, every nonnegative head
    correct on all length-[n] sequences over [{0,1}^m] whose kernel has [r] features has
    [r >= k^2 / (k + sum_{i<>j} L(class(x_i, y_j))^-2)] (docs/math.md §5.4). *)
Theorem code_rank (m n h lo k : nat) (eps : R) (x y : nat -> tok m) (L : nat -> R) :
  (3 <= n)%nat -> 0 < eps -> (INR n - 2) * (INR h - INR lo) >= 2 * eps * (INR n - 1) ->
  (0 < k)%nat -> is_code m h lo k x y -> ratios_forced n eps m h lo k x y L ->
  forall (H : head (tok m)) (r : nat) (phi psi : nat -> tok m -> R),
    feature_head m n eps H r phi psi ->
    code_value k (fun i j => L (cls_of h (x i) (y j))) <= INR r.
Proof.
  intros Hn He Hside Hk Hcode Hratio H r phi psi Hhead.
  pose proof (code_rank_mul m n h lo k eps x y L Hn He Hside Hcode Hratio H r phi psi Hhead) as M.
  unfold code_value.
  assert (Hk' : 0 < INR k) by (apply lt_0_INR; exact Hk).
  set (S := offsum k (fun i j => / L (cls_of h (x i) (y j)) ^ 2)) in *.
  assert (HkS : 0 < INR k + S).
  { destruct (Rlt_or_le 0 (INR k + S)) as [P|P]; [exact P|].
    pose proof (pos_INR r). assert (INR r * (INR k + S) <= 0) by nra. nra. }
  apply Rmult_le_reg_r with (INR k + S); [exact HkS|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.
