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
    [r >= k^2 / (k + sum_{i<>j} L_ij^-2)], [L_ij] the ratio of the class of [(i, j)].
    The strict form [r >= floor(value) + 1] is [CodeRankStrict.code_rank_strict]. *)

From Coq Require Import Reals Lra Lia List Arith Bool QArith Qreals.
From Minip Require Import Model Farkas Lemma3 Chain Gap Ratio Rank RankBound.
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
(** Representatives of the overlaps [lo..e] for a chain ending at the class [c]
    ([e = min c h > lo]): [rep c] stands for the overlap [e]. *)
Lemma chain_reps {T} (ov : T -> T -> R) (x : T) (rep : nat -> T) (h lo c e : nat) :
  (c <= S h)%nat -> e = Nat.min c h -> (lo < e)%nat -> rep h = x ->
  (forall c', (c' <= S h)%nat -> ov x (rep c') = INR (Nat.min c' h)) ->
  exists rep' : nat -> T, rep' lo = rep lo /\ rep' e = rep c /\
    (forall c', (lo <= c' <= e)%nat -> ov x (rep' c') = INR c') /\ INR e <= ov x x.
Proof.
  intros Hc Hs Hlt Hrep Hov.
  exists (fun c' => if Nat.eqb c' e then rep c else rep c').
  rewrite Nat.eqb_refl. split; [destruct (Nat.eqb_spec lo e); [lia|reflexivity]|split; [reflexivity|split]].
  - intros c' Hc'. destruct (Nat.eqb_spec c' e) as [E|E].
    + rewrite Hov by exact Hc. rewrite E, Hs. reflexivity.
    + rewrite Hov by lia. f_equal. lia.
  - assert (Exx : ov x x = INR h) by (rewrite <- Hrep at 2; rewrite Hov by lia; rewrite Nat.min_id; reflexivity).
    rewrite Exx. apply le_INR. lia.
Qed.

Lemma chain_forced n h lo c ds :
  (3 <= n)%nat -> ds <> [] -> Forall (fun d => (2 <= d)%nat) ds -> (c <= S h)%nat ->
  (lo + list_sum ds)%nat = Nat.min c h ->
  forced n (1 / 2) h lo c (chainprod (INR n) ds).
Proof.
  intros Hn Hne Hds Hc Hs T ov x rep H Hrep Hov Hnn Hall.
  assert (Hpos : (2 <= list_sum ds)%nat).
  { destruct ds as [|d ds]; [congruence|]. inversion Hds; subst. simpl. lia. }
  destruct (chain_reps ov x rep h lo c (lo + list_sum ds) Hc Hs ltac:(lia) Hrep Hov)
    as (rep' & Elo & Ee & Hov' & Hh).
  pose proof (forced_ratio_chain ov x rep' H n lo ds Hn Hds Hov' Hh Hnn Hall) as F.
  rewrite Elo, Ee in F. exact F.
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

Lemma offsum_le k (b b' : nat -> nat -> R) :
  (forall i j, (i < k)%nat -> (j < k)%nat -> i <> j -> b i j <= b' i j) -> offsum k b <= offsum k b'.
Proof.
  intro E. unfold offsum. apply sumN_le. intros i Hi. apply sumN_le. intros j Hj.
  destruct (Nat.eqb_spec i j); [lra|apply E; assumption].
Qed.

(** An entry [v / a] of a row with [a >= L v] ([L, a > 0], [v >= 0]): [(v/a)^2 <= L^-2]. *)
Lemma entry_le (L a v : R) : 0 < L -> 0 < a -> 0 <= v -> a >= L * v -> (v / a) ^ 2 <= / L ^ 2.
Proof.
  intros HL Ha Hv Hb.
  assert (0 <= v / a <= / L).
  { split; [unfold Rdiv; apply Rmult_le_pos; [lra|apply Rlt_le, Rinv_0_lt_compat; lra]|].
    apply (Rmult_le_reg_l L); [exact HL|]. apply (Rmult_le_reg_r a); [exact Ha|].
    replace (L * (v / a) * a) with (L * v) by (field; lra).
    replace (L * / L * a) with a by (field; lra). lra. }
  replace (/ L ^ 2) with ((/ L) ^ 2) by (field; lra).
  apply pow_incr; lra.
Qed.

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

(** Representatives of the classes seen from [x_i] for the entry [(i, j)]: [y_i] (class
    [lo]), [y_j] (its class), [x_i] (class [h]) and prefixes of [x_i]. *)
Lemma pair_reps i j : (i < k)%nat -> cls_of h (x i) (y j) <> lo ->
  exists rep : nat -> tok m, rep h = x i /\
    (forall c', (c' <= S h)%nat -> tov (x i) (rep c') = INR (Nat.min c' h)) /\
    rep lo = y i /\ rep (cls_of h (x i) (y j)) = y j.
Proof using Hcode.
  clear Hn.
  intros Hi Hne. destruct Hcode as [Hlh Hc]. destruct (Hc i Hi) as [E1 E2].
  set (c := cls_of h (x i) (y j)) in *.
  set (rep := fun c' => if Nat.eqb c' lo then y i else if Nat.eqb c' c then y j
                        else if Nat.eqb c' h then x i else Pref m (x i) c').
  exists rep.
  assert (Hoj : (ovt (x i) (y j) <= h)%nat) by (rewrite <- E1; apply ovn_le_self).
  assert (Hcls : ((c < h)%nat /\ ovt (x i) (y j) = c) \/ (c = h /\ y j = x i)
                 \/ (c = S h /\ ovt (x i) (y j) = h)).
  { unfold c, cls_of, cls. fold (ovt (x i) (y j)).
    destruct (Nat.ltb_spec (ovt (x i) (y j)) h) as [Lt|Ge]; [left; split; [exact Lt|reflexivity]|].
    right. destruct (lbeq (proj1_sig (y j)) (proj1_sig (x i))) eqn:Eq.
    - left. split; [reflexivity|]. apply tok_eq, list_beq_eq, Eq.
    - right. split; [reflexivity|lia]. }
  split; [|split; [|split]].
  - unfold rep. destruct (Nat.eqb_spec h lo); [lia|].
    destruct (Nat.eqb_spec h c) as [E|E]; [|rewrite Nat.eqb_refl; reflexivity].
    destruct Hcls as [(A & _)|[(_ & B)|(A & _)]]; [lia|exact B|lia].
  - intros c' Hc'. rewrite tov_ovt. f_equal. unfold rep.
    destruct (Nat.eqb_spec c' lo) as [->|_]; [rewrite E2; lia|].
    destruct (Nat.eqb_spec c' c) as [->|_].
    { destruct Hcls as [(A & B)|[(A & B)|(A & B)]]; [rewrite B; lia|rewrite B, A, E1; lia|rewrite B, A; lia]. }
    destruct (Nat.eqb_spec c' h) as [->|_]; [rewrite E1; lia|].
    unfold ovt, Pref. simpl. rewrite ovn_pref. fold (ovt (x i) (x i)). rewrite E1. reflexivity.
  - unfold rep. rewrite Nat.eqb_refl. reflexivity.
  - unfold rep. destruct (Nat.eqb_spec c lo); [contradiction|]. rewrite Nat.eqb_refl. reflexivity.
Qed.

(** One off-diagonal entry: its forced ratio. *)
Lemma pair_ratio i j : (i < k)%nat -> (j < k)%nat -> i <> j ->
  0 < Lr i j /\ alpha H (x i) (y i) >= Lr i j * alpha H (x i) (y j).
Proof.
  intros Hi Hj Hij. destruct Hhead as (Hnn & Hall & _).
  destruct (Hratio i j Hi Hj Hij) as (Hne & HL & F). unfold Lr. split; [exact HL|].
  destruct (pair_reps i j Hi Hne) as (rep & Hrep & Hov & Elo & Ec).
  specialize (F (tok m) tov (x i) rep H Hrep Hov Hnn (Hall (x i))).
  rewrite Elo, Ec in F. exact F.
Qed.

(** The rows divided by their diagonal entries keep the [r] features and have a unit
    diagonal: [k^2 <= r (k + sum_{i<>j} (alpha(x_i,y_j) / alpha(x_i,y_i))^2)]. *)
Lemma rows_rank : (forall i, (i < k)%nat -> 0 < alpha H (x i) (y i)) ->
  INR k ^ 2 <= INR r * (INR k + offsum k (fun i j => (alpha H (x i) (y j) / alpha H (x i) (y i)) ^ 2)).
Proof.
  intro Hpos. destruct Hhead as (_ & _ & Hfeat).
  set (a := fun i => alpha H (x i) (y i)).
  set (phi' := fun l i => phi l (x i) / a i). set (psi' := fun l j => psi l (y j)).
  assert (EM : forall i j, fmat r phi' psi' i j = alpha H (x i) (y j) / a i).
  { intros i j. unfold fmat, phi', psi'. rewrite Hfeat. unfold Rdiv. rewrite <- sumN_scal_r.
    apply sumN_ext. intros. ring. }
  apply (rank_entrywise k r phi' psi').
  - intros i Hi. rewrite EM. unfold a. field. apply Rgt_not_eq, Hpos, Hi.
  - intros i j _ _ _. rewrite EM. apply Rle_refl.
Qed.

(** [k^2 <= r (k + sum_{i<>j} L_ij^-2)]. *)
Lemma code_rank_mul : INR k ^ 2 <= INR r * (INR k + offsum k (fun i j => / Lr i j ^ 2)).
Proof.
  destruct Hhead as (Hnn & _ & _).
  eapply Rle_trans; [apply rows_rank; intros i Hi; apply diag_pos, Hi|].
  apply Rmult_le_compat_l; [apply pos_INR|]. apply Rplus_le_compat_l, offsum_le.
  intros i j Hi Hj Hij. destruct (pair_ratio i j Hi Hj Hij) as [HL Hb].
  apply entry_le; [exact HL|apply diag_pos, Hi|apply Hnn|exact Hb].
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

(** ** A checked code: [code_data_ok] (RankBound.v) gives a code ([is_code]) and, for every
    off-diagonal entry, an accepted ratio certificate for its class with [n = 3],
    [eps = 1/2], this [h] and [lo] and a positive ratio; the sum of the [L^-2] is
    [pairs_sum], computed over [Q]. *)
Section Checked.

Context (m h lo : nat) (xs ys : list (list bool)) (certs : list rcert).
Hypothesis Hok : code_data_ok m h lo xs ys certs = true.

Definition ck_x (i : nat) : tok m := mk m (nth i xs []).
Definition ck_y (i : nat) : tok m := mk m (nth i ys []).
Definition ck_Lq (c : nat) : Q := match find_cert certs h lo c with Some ce => snd (fst ce) | None => 0%Q end.
Definition ck_L (c : nat) : R := Q2R (ck_Lq c).

Let k := length xs.

Lemma ck_val i : (i < k)%nat -> proj1_sig (ck_x i) = nth i xs [] /\ proj1_sig (ck_y i) = nth i ys [].
Proof.
  intro Hi. destruct (code_data_spec _ _ _ _ _ _ Hok) as (_ & _ & Hl & _).
  destruct (Hl i Hi). split; apply mk_val; assumption.
Qed.

Lemma ck_cls i j : (i < k)%nat -> (j < k)%nat ->
  cls_of h (ck_x i) (ck_y j) = cls h (nth i xs []) (nth j ys []).
Proof.
  intros Hi Hj. unfold cls_of. rewrite (proj1 (ck_val i Hi)), (proj2 (ck_val j Hj)). reflexivity.
Qed.

Lemma checked_code : is_code m h lo k ck_x ck_y.
Proof.
  destruct (code_data_spec _ _ _ _ _ _ Hok) as (_ & Hlo & _ & _ & Hi3).
  split; [lia|]. intros i Hi. destruct (Hi3 i Hi) as (E1 & E2 & _).
  apply Nat.eqb_eq in E1, E2. unfold ovt. rewrite (proj1 (ck_val i Hi)), (proj2 (ck_val i Hi)).
  split; assumption.
Qed.

Lemma checked_pair i j : (i < k)%nat -> (j < k)%nat -> i <> j ->
  let c := cls_of h (ck_x i) (ck_y j) in
  c <> lo /\ 0 < ck_L c /\
  exists ce, In ce certs /\ check_ratio (fst (fst ce)) (snd (fst ce)) (snd ce) = true
    /\ ck_Lq c = snd (fst ce) /\ r_n (fst (fst ce)) = 3%nat /\ Q2R (r_eps (fst (fst ce))) = 1 / 2
    /\ r_h (fst (fst ce)) = h /\ r_lo (fst (fst ce)) = lo /\ r_hi (fst (fst ce)) = c.
Proof.
  intros Hi Hj Hij. cbv zeta. rewrite ck_cls by assumption.
  destruct (code_data_spec _ _ _ _ _ _ Hok) as (_ & _ & _ & Hcs & Hi3).
  destruct (Hi3 i Hi) as (_ & _ & P). specialize (P j Hj Hij).
  unfold pair_ok in P. apply andb_true_iff in P as [P Hf]. apply andb_true_iff in P as [P _].
  apply andb_true_iff in P as [Hne _]. apply negb_true_iff, Nat.eqb_neq in Hne.
  unfold ck_L, ck_Lq. destruct (find_cert certs h lo (cls h (nth i xs []) (nth j ys []))) as [ce|] eqn:Ef;
    [|discriminate].
  apply Qltb_R in Hf. unfold Q2R in Hf at 1. simpl in Hf.
  split; [exact Hne|split; [lra|exists ce]].
  apply find_some in Ef as [Hin Hsel]. simpl in Hsel.
  repeat (apply andb_true_iff in Hsel as [Hsel ?]).
  rename H into Ehi, H0 into Elo, H1 into Eh, H2 into Eeps.
  apply Nat.eqb_eq in Hsel, Ehi, Elo, Eh. apply Qeq_bool_iff in Eeps.
  rewrite forallb_forall in Hcs.
  repeat split; try assumption; [apply Hcs, Hin|]. rewrite (Qeq_eqR _ _ Eeps). exact Q2R_half.
Qed.

Lemma checked_ratios : ratios_forced 3 (1 / 2) m h lo k ck_x ck_y ck_L.
Proof.
  intros i j Hi Hj Hij.
  destruct (checked_pair i j Hi Hj Hij) as (Hne & HL & ce & _ & Hce & EL & En & Ee & Eh & Elo & Ehi).
  split; [exact Hne|split; [exact HL|]].
  pose proof (ratio_forced _ _ (ratio_sound _ _ _ Hce)) as F.
  rewrite En, Ee, Eh, Elo, Ehi, <- EL in F. exact F.
Qed.

Lemma checked_sum :
  offsum k (fun i j => / ck_L (cls_of h (ck_x i) (ck_y j)) ^ 2) = Q2R (pairs_sum certs h lo xs ys).
Proof.
  unfold pairs_sum, offsum. fold k. rewrite Q2R_qsum. apply sumN_ext. intros i Hi.
  rewrite Q2R_qsum. apply sumN_ext. intros j Hj. destruct (Nat.eqb_spec i j) as [_|Hij];
    [unfold Q2R; simpl; lra|].
  destruct (checked_pair i j Hi Hj Hij) as (_ & Hp & _). cbv zeta in Hp.
  rewrite ck_cls in Hp |- * by assumption. unfold ck_L in Hp |- *.
  unfold ratio_of. fold (ck_Lq (cls h (nth i xs []) (nth j ys []))).
  set (L := ck_Lq (cls h (nth i xs []) (nth j ys []))) in *.
  rewrite Q2R_inv, Q2R_mult.
  - field. lra.
  - intro E. apply Qeq_eqR in E. rewrite Q2R_mult in E. unfold Q2R in E at 3; simpl in E. nra.
Qed.

Lemma checked_sum_nonneg : 0 <= INR k + Q2R (pairs_sum certs h lo xs ys).
Proof.
  rewrite <- checked_sum. pose proof (pos_INR k).
  assert (0 <= offsum k (fun i j => / ck_L (cls_of h (ck_x i) (ck_y j)) ^ 2)); [|lra].
  unfold offsum. apply sumN_nonneg. intros i Hi. apply sumN_nonneg. intros j Hj.
  destruct (Nat.eqb_spec i j) as [_|Hij]; [lra|].
  destruct (checked_pair i j Hi Hj Hij) as (_ & Hp & _).
  apply Rlt_le, Rinv_0_lt_compat, pow_lt, Hp.
Qed.

End Checked.

(** The last step of a checked bound: [(B - 1) s < r s] with [s >= 0] gives [B <= r]. *)
Lemma nat_bound (B r : nat) (s : R) : 0 <= s -> (INR B - 1) * s < INR r * s -> (B <= r)%nat.
Proof.
  intros Hs Hlt. destruct (le_lt_dec B r) as [Hr|Hr]; [exact Hr|exfalso].
  assert (INR r <= INR B - 1).
  { replace 1 with (INR 1) by reflexivity. rewrite <- minus_INR by lia. apply le_INR. lia. }
  assert (INR r * s <= (INR B - 1) * s) by (apply Rmult_le_compat_r; lra). lra.
Qed.

Lemma Qdata_R B k S :
  Q2R ((inject_Z (Z.of_nat B) - 1) * (inject_Z (Z.of_nat k) + S)) = (INR B - 1) * (INR k + Q2R S)
  /\ Q2R (inject_Z (Z.of_nat k) * inject_Z (Z.of_nat k)) = INR k ^ 2.
Proof.
  rewrite !Q2R_mult, Q2R_plus, Q2R_minus, !Q2R_inject_nat, Q2R_1. split; ring.
Qed.

(** ** A checked code is an instance: [code_check] (RankBound.v) gives the hypotheses of
    [code_rank] ([is_code], forced ratios from its certificates through [ratio_forced]) and
    [B - 1 < value]; so [rank_claim m B]. *)
Theorem code_check_rank m h lo xs ys certs B :
  code_check m h lo xs ys certs B = true -> rank_claim m B.
Proof.
  intros Hc H r phi psi Hnn Hall Hfeat.
  apply andb_true_iff in Hc as [Hok Hfin].
  destruct (code_data_spec _ _ _ _ _ _ Hok) as (_ & Hlo & _).
  pose proof (code_rank_mul m 3 h lo (length xs) (1 / 2) (ck_x m xs) (ck_y m ys) (ck_L h lo certs)
                ltac:(lia) ltac:(lra)
                ltac:(assert (INR lo + 2 <= INR h) by (replace 2 with (INR 2) by (simpl; ring);
                        rewrite <- plus_INR; apply le_INR; lia); simpl; lra)
                (checked_code m h lo xs ys certs Hok) (checked_ratios m h lo xs ys certs Hok)
                H r phi psi (conj Hnn (conj Hall Hfeat))) as V.
  assert (V' : INR (length xs) ^ 2 <= INR r * (INR (length xs) + Q2R (pairs_sum certs h lo xs ys)))
    by (rewrite <- (checked_sum m h lo xs ys certs Hok); exact V).
  pose proof (checked_sum_nonneg m h lo xs ys certs Hok).
  apply Qltb_R in Hfin. destruct (Qdata_R B (length xs) (pairs_sum certs h lo xs ys)) as [E1 E2].
  rewrite E1, E2 in Hfin. apply (nat_bound B r (INR (length xs) + Q2R (pairs_sum certs h lo xs ys)));
    [assumption|lra].
Qed.
