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

(** ** A checked code is an instance: [code_check] (RankBound.v) gives the hypotheses of
    [code_rank] ([is_code], forced ratios from its certificates through [ratio_forced]) and
    [B - 1 < value]; so [rank_claim m B]. *)
Theorem code_check_rank m h lo xs ys certs B :
  code_check m h lo xs ys certs B = true -> rank_claim m B.
Proof.
  intros Hc H r phi psi Hnn Hall Hfeat.
  unfold code_check in Hc.
  apply andb_true_iff in Hc as [Hc Hfin]. apply andb_true_iff in Hc as [Hc Hper].
  apply andb_true_iff in Hc as [Hc Hcs]. apply andb_true_iff in Hc as [Hc Hys].
  apply andb_true_iff in Hc as [Hc Hxs]. apply andb_true_iff in Hc as [Hlen Hlo].
  apply Nat.eqb_eq in Hlen. apply Nat.leb_le in Hlo.
  assert (Hk : (0 < length xs)%nat).
  { destruct (Nat.eq_dec (length xs) 0) as [E|E]; [|lia]. exfalso.
    apply Qltb_R in Hfin. rewrite !Q2R_mult, Q2R_plus, Q2R_minus, !Q2R_inject_nat, Q2R_1 in Hfin.
    unfold pairs_sum in Hfin. rewrite E in Hfin. cbn [qsum INR] in Hfin. rewrite Q2R0 in Hfin. lra. }
  set (k := length xs) in *.
  set (X := fun i => mk m (nth i xs [])). set (Y := fun i => mk m (nth i ys [])).
  set (Lq := fun c => match find_cert certs h lo c with Some ce => snd (fst ce) | None => 0%Q end).
  set (Lf := fun c => Q2R (Lq c)).
  assert (Lx : forall i, (i < k)%nat -> Nat.eqb (length (nth i xs [])) m = true).
  { intros i Hi. rewrite forallb_forall in Hxs. apply Hxs, nth_In. exact Hi. }
  assert (Ly : forall i, (i < k)%nat -> Nat.eqb (length (nth i ys [])) m = true).
  { intros i Hi. rewrite forallb_forall in Hys. apply Hys, nth_In. lia. }
  assert (EX : forall i, (i < k)%nat -> proj1_sig (X i) = nth i xs []) by (intros; apply mk_val; auto).
  assert (EY : forall i, (i < k)%nat -> proj1_sig (Y i) = nth i ys []) by (intros; apply mk_val; auto).
  assert (Hi3 : forall i, (i < k)%nat ->
            Nat.eqb (ovn (nth i xs []) (nth i xs [])) h = true
            /\ Nat.eqb (ovn (nth i xs []) (nth i ys [])) lo = true
            /\ forall j, (j < k)%nat -> i <> j ->
                 pair_ok certs h lo (nth i xs []) (nth i ys []) (nth j ys []) = true).
  { intros i Hi. pose proof (forallb_seq _ k i Hper Hi) as P.
    apply andb_true_iff in P as [P Pj]. apply andb_true_iff in P as [P1 P2].
    split; [exact P1|split; [exact P2|]]. intros j Hj Hij.
    pose proof (forallb_seq _ k j Pj Hj) as Q. apply orb_true_iff in Q as [Q|Q]; [|exact Q].
    apply Nat.eqb_eq in Q. contradiction. }
  assert (Ecls : forall i j, (i < k)%nat -> (j < k)%nat ->
            cls_of h (X i) (Y j) = cls h (nth i xs []) (nth j ys [])).
  { intros i j Hi Hj. unfold cls_of. rewrite EX, EY by assumption. reflexivity. }
  assert (Hcode : is_code m h lo k X Y).
  { split; [lia|]. intros i Hi. destruct (Hi3 i Hi) as (E1 & E2 & _).
    apply Nat.eqb_eq in E1, E2. unfold ovt. rewrite EX, EY by exact Hi. split; assumption. }
  assert (Hpair : forall i j, (i < k)%nat -> (j < k)%nat -> i <> j ->
            let c := cls_of h (X i) (Y j) in c <> lo /\ (0 < Q2R (Lq c))%R /\ ~ (Lq c == 0)%Q
            /\ forced 3 (1 / 2) h lo c (Lf c)).
  { intros i j Hi Hj Hij. cbv zeta. rewrite Ecls by assumption.
    destruct (Hi3 i Hi) as (_ & _ & P). specialize (P j Hj Hij).
    unfold pair_ok in P. apply andb_true_iff in P as [P Hf]. apply andb_true_iff in P as [P _].
    apply andb_true_iff in P as [Hne _]. apply negb_true_iff, Nat.eqb_neq in Hne.
    unfold Lf, Lq. destruct (find_cert certs h lo (cls h (nth i xs []) (nth j ys []))) as [ce|] eqn:Ef;
      [|discriminate].
    apply Qltb_R in Hf. unfold Q2R in Hf at 1. simpl in Hf.
    split; [exact Hne|split; [lra|split]].
    - intro E. apply Qeq_eqR in E. unfold Q2R in E at 2. simpl in E. lra.
    - apply find_some in Ef as [Hin Hsel]. simpl in Hsel.
      repeat (apply andb_true_iff in Hsel as [Hsel ?]).
      rename H0 into Ehi, H1 into Elo, H2 into Eh, H3 into Eeps.
      apply Nat.eqb_eq in Hsel, Ehi, Elo, Eh. apply Qeq_bool_iff in Eeps.
      rewrite forallb_forall in Hcs. pose proof (ratio_forced _ _ (ratio_sound _ _ _ (Hcs ce Hin))) as F.
      rewrite Hsel, Ehi, Elo, Eh, (Qeq_eqR _ _ Eeps), Q2R_half in F. exact F. }
  pose proof (code_rank m 3 h lo k (1 / 2) X Y Lf ltac:(lia) ltac:(lra)
                ltac:(assert (INR lo + 2 <= INR h) by (replace 2 with (INR 2) by (simpl; ring);
                        rewrite <- plus_INR; apply le_INR; lia); simpl; lra)
                Hk Hcode
                ltac:(intros i j Hi Hj Hij; destruct (Hpair i j Hi Hj Hij) as (A & B' & _ & D);
                      split; [exact A|split; [exact B'|exact D]])
                H r phi psi (conj Hnn (conj Hall Hfeat))) as V.
  unfold code_value in V.
  assert (Eoff : offsum k (fun i j => / Lf (cls_of h (X i) (Y j)) ^ 2) = Q2R (pairs_sum certs h lo xs ys)).
  { unfold pairs_sum, offsum. fold k. rewrite Q2R_qsum. apply sumN_ext. intros i Hi.
    rewrite Q2R_qsum. apply sumN_ext. intros j Hj. destruct (Nat.eqb_spec i j) as [_|Hij];
      [unfold Q2R; simpl; lra|].
    destruct (Hpair i j Hi Hj Hij) as (_ & Hp & Hnz & _). cbv zeta in Hp, Hnz.
    rewrite Ecls in Hp, Hnz by assumption. unfold Lf. rewrite Ecls by assumption.
    unfold ratio_of. fold (Lq (cls h (nth i xs []) (nth j ys []))).
    set (L := Lq (cls h (nth i xs []) (nth j ys []))) in *.
    rewrite Q2R_inv, Q2R_mult.
    - field. lra.
    - intro E. apply Qeq_eqR in E. rewrite Q2R_mult in E. unfold Q2R in E at 3; simpl in E. nra. }
  assert (HS : 0 <= offsum k (fun i j => / Lf (cls_of h (X i) (Y j)) ^ 2)).
  { unfold offsum. apply sumN_nonneg. intros i Hi. apply sumN_nonneg. intros j Hj.
    destruct (Nat.eqb_spec i j) as [_|Hij]; [lra|].
    destruct (Hpair i j Hi Hj Hij) as (_ & Hp & _ & _). cbv zeta in Hp.
    unfold Lf. apply Rlt_le, Rinv_0_lt_compat, pow_lt, Hp. }
  rewrite Eoff in V, HS.
  apply Qltb_R in Hfin. rewrite !Q2R_mult, Q2R_plus, Q2R_minus, !Q2R_inject_nat in Hfin.
  rewrite Q2R_1 in Hfin. fold k in Hfin.
  set (S := Q2R (pairs_sum certs h lo xs ys)) in *.
  assert (Hk' : 0 < INR k) by (apply lt_0_INR; exact Hk).
  assert (HkS : 0 < INR k + S) by lra.
  destruct (le_lt_dec B r) as [Hr|Hr]; [exact Hr|exfalso].
  assert (Hr' : INR r <= INR B - 1).
  { replace 1 with (INR 1) by reflexivity. rewrite <- minus_INR by lia. apply le_INR. lia. }
  assert (INR k ^ 2 / (INR k + S) * (INR k + S) = INR k ^ 2) by (field; lra).
  assert (INR k ^ 2 / (INR k + S) * (INR k + S) <= INR r * (INR k + S)) by (apply Rmult_le_compat_r; lra).
  assert (INR r * (INR k + S) <= (INR B - 1) * (INR k + S)) by (apply Rmult_le_compat_r; lra).
  nra.
Qed.
