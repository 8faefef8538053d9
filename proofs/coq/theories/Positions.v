(** * Theorem 6 with position-dependent maps and the causal final query (docs/math.md §11.3,
    docs/formal.md).

    The paper's model (Paper.v) with maps that depend on the position: query maps
    [phi_Q^(i)], key maps [phi_K^(j)], values [v^(j)] and readouts [A^(i)], [b^(i)]; position
    [i] weighs position [j] by [alpha_ij(x_i, x_j) = <phi_Q^(i)(x_i), phi_K^(j)(x_j)>].  The
    final position of a length-3 sequence attends to all three positions, so correctness
    there is the causal final query; [theorem6] assumes only that.

    What changes: the query's own weight [alpha_22(x, x)] is no longer the weight of a key
    copy of [x] ([alpha_02(x, x)] or [alpha_12(x, x)]): the self term decouples (docs/math.md
    §11.3).  What survives: the two orders of the keys of [(k1, k2, x)] add up to a head of
    Model.v whose query is a separate token [None] (the self term) and whose keys are the
    tokens [Some k] with the weight [(alpha_02 + alpha_12)(x, k) / 2]; Lemma 3 and the chain
    bound only use sequences whose keys are such tokens ([pair_step], [pair_chain]); the
    summed key kernel [<phi_Q^(2)(x), phi_K^(0)(k) + phi_K^(1)(k)>] still has [r] features.
    So the product code of Main.v gives the same bounds, for every [m]. *)

From Coq Require Import Reals Lra Lia List Arith.
From Minip Require Import Model Farkas Lemma3 Chain Rank RankBound CodeRank ProductCode Main Paper.
Import ListNotations.
Open Scope R_scope.

(** ** Lemma 3 and the chain bound from the sequences of two keys in a set [P] *)
Section PairChain.

Context {T : Type} (ov : T -> T -> R) (H : head T) (x : T) (P : T -> Prop).
Hypothesis Hnn : nonneg H.
Hypothesis Hc : forall k1 k2, P k1 -> P k2 -> correct ov (1 / 2) H x (plain [k1; k2]).

Lemma triple y z : P y -> P z ->
  correct ov (1 / 2) H x (S1 y (INR 3)) /\ correct ov (1 / 2) H x (S2 z (INR 3))
  /\ correct ov (1 / 2) H x (S3 y z (INR 3)).
Proof.
  intros Py Pz. split; [|split].
  - apply (correct_same ov H x (1 / 2) (plain [y; y])); [unfold den, S1; simpl; ring|
      unfold num, S1; simpl; ring|unfold target, S1; simpl; apply Rmin_idem_l|apply Hc; assumption].
  - apply (correct_same ov H x (1 / 2) (plain [z; z])); [unfold den, S2; simpl; ring|
      unfold num, S2; simpl; ring|unfold target, S2; simpl; apply Rmin_idem_l|apply Hc; assumption].
  - apply (correct_same ov H x (1 / 2) (plain [y; z])); [unfold den, S3; simpl; ring|
      unfold num, S3; simpl; ring|reflexivity|apply Hc; assumption].
Qed.

(** One step (Lemma 3 at length 3): a gap [d >= 2] from the overlap [lo] gives
    [alpha(x, rep lo) > (d - 1) alpha(x, rep (lo + d))]. *)
Lemma pair_step (rep : nat -> T) (lo d : nat) : (2 <= d)%nat -> P (rep lo) -> P (rep (lo + d)%nat) ->
  ov x (rep lo) = INR lo -> ov x (rep (lo + d)%nat) = INR (lo + d) -> INR (lo + d) <= ov x x ->
  alpha H x (rep lo) > (INR 3 - 2) * (INR d - 1) * alpha H x (rep (lo + d)%nat).
Proof.
  intros Hd Py Pz Elo Ed Hend. rewrite plus_INR in Ed, Hend.
  assert (Hn3 : 3 <= INR 3) by (simpl; lra).
  assert (Hd2 : 2 <= INR d) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hd).
  destruct (triple (rep lo) (rep (lo + d)%nat) Py Pz) as (C1 & C2 & C3).
  pose proof (lemma3 ov x (rep lo) (rep (lo + d)%nat) ltac:(lra) ltac:(lra) (INR 3) (1 / 2) H Hn3
                ltac:(lra) ltac:(rewrite Ed, Elo; simpl; nra) Hnn C1 C2 C3) as L3.
  assert (EK : Kfac (INR 3) (1 / 2) (ov x (rep (lo + d)%nat) - ov x (rep lo)) = (INR 3 - 2) * (INR d - 1)).
  { unfold Kfac. rewrite Ed, Elo. field. }
  rewrite EK in L3. exact L3.
Qed.

Theorem pair_chain (rep : nat -> T) (lo : nat) (ds : list nat) :
  Forall (fun d => (2 <= d)%nat) ds ->
  (forall c, (lo <= c <= lo + list_sum ds)%nat -> P (rep c) /\ ov x (rep c) = INR c) ->
  INR (lo + list_sum ds) <= ov x x ->
  alpha H x (rep lo) >= chainprod (INR 3) ds * alpha H x (rep (lo + list_sum ds)%nat).
Proof.
  intros Hds. revert lo. induction Hds as [|d ds Hd Hds IH]; intros lo Hov Hh; cbn [chainprod list_sum].
  - rewrite Nat.add_0_r. lra.
  - change (list_sum (d :: ds)) with (d + list_sum ds)%nat in *.
    assert (Hd2 : 2 <= INR d) by (replace 2 with (INR 2) by (simpl; ring); apply le_INR; exact Hd).
    pose proof (pair_step rep lo d Hd (proj1 (Hov lo ltac:(lia))) (proj1 (Hov (lo + d)%nat ltac:(lia)))
                  (proj2 (Hov lo ltac:(lia))) (proj2 (Hov (lo + d)%nat ltac:(lia)))
                  ltac:(eapply Rle_trans; [apply le_INR|exact Hh]; lia)) as L3.
    specialize (IH (lo + d)%nat ltac:(intros c Hc0; apply Hov; lia)
                  ltac:(replace (lo + d + list_sum ds)%nat with (lo + (d + list_sum ds))%nat by lia; exact Hh)).
    replace (lo + d + list_sum ds)%nat with (lo + (d + list_sum ds))%nat in IH by lia.
    assert (HK : 1 <= (INR 3 - 2) * (INR d - 1)) by (simpl; nra).
    set (K := (INR 3 - 2) * (INR d - 1)) in *.
    assert (K * (chainprod (INR 3) ds * alpha H x (rep (lo + (d + list_sum ds))%nat))
            <= K * alpha H x (rep (lo + d)%nat)) by (apply Rmult_le_compat_l; lra).
    lra.
Qed.

End PairChain.

(** ** The model with position-dependent maps *)
Section PosModel.

Context (m r D : nat).
Context (phiQ phiK v A : nat -> tok m -> nat -> R) (b : nat -> tok m -> R).

(** The weight of position [j] seen from position [i]. *)
Definition pkernel (i j : nat) (q k : tok m) : R := sumN r (fun l => phiQ i q l * phiK j k l).

(** Position [i] of a sequence of length [n] attends to all [n] positions (for the last
    position this is the causal query). *)
Definition qden (n : nat) (X : nat -> tok m) (i : nat) : R := sumN n (fun j => pkernel i j (X i) (X j)).
Definition qvec (n : nat) (X : nat -> tok m) (i d : nat) : R :=
  sumN n (fun j => pkernel i j (X i) (X j) * v j (X j) d) / qden n X i.
Definition qout (n : nat) (X : nat -> tok m) (i : nat) : R :=
  sumN D (fun d => A i (X i) d * qvec n X i d) + b i (X i).
Definition qcorrect (eps : R) (n : nat) (X : nat -> tok m) (i : nat) : Prop :=
  0 < qden n X i /\ Rabs (qout n X i - ptarget m n X i) < eps.

(** The scalarized value of position [j] at the query position [i]. *)
Definition qs (i j : nat) (q k : tok m) : R := sumN D (fun d => A i q d * v j k d) + b i q.

Lemma qscalarize n X i : qden n X i <> 0 ->
  qout n X i = sumN n (fun j => pkernel i j (X i) (X j) * qs i j (X i) (X j)) / qden n X i.
Proof.
  intro Hd. unfold qout, qvec, qs. set (Q := qden n X i) in *.
  set (k := fun j => pkernel i j (X i) (X j)).
  assert (L1 : sumN D (fun d => A i (X i) d * (sumN n (fun j => pkernel i j (X i) (X j) * v j (X j) d) / Q))
             = sumN n (fun j => k j * sumN D (fun d => A i (X i) d * v j (X j) d)) / Q).
  { unfold Rdiv.
    rewrite (sumN_ext D _ (fun d => (A i (X i) d * sumN n (fun j => k j * v j (X j) d)) * / Q))
      by (intros; unfold k; ring).
    rewrite sumN_scal_r. f_equal.
    rewrite (sumN_ext D _ (fun d => sumN n (fun j => A i (X i) d * (k j * v j (X j) d))))
      by (intros; rewrite sumN_scal; reflexivity).
    rewrite sumN_swap. apply sumN_ext. intros j _. rewrite <- sumN_scal. apply sumN_ext. intros. ring. }
  assert (L2 : b i (X i) = sumN n (fun j => k j * b i (X i)) / Q).
  { rewrite sumN_scal_r. fold (sumN n k). unfold Q, qden. fold k. field. exact Hd. }
  rewrite L1, L2 at 1. unfold Rdiv. rewrite <- Rmult_plus_distr_r, <- sumN_plus. f_equal.
  apply sumN_ext. intros. unfold k. ring.
Qed.

(** ** The final query [x] of [(k1, k2, x)], symmetrized over the order of its keys *)
Section Embed.

Context (x : tok m).

(** The summed key weight, its product, and the self term. *)
Definition Aw (k : tok m) : R := pkernel 2 0 x k + pkernel 2 1 x k.
Definition Pw (k : tok m) : R := pkernel 2 0 x k * qs 2 0 x k + pkernel 2 1 x k * qs 2 1 x k.

(** Tokens [None] (the query's own position) and [Some k] (a key). *)
Definition eov (p q : option (tok m)) : R :=
  match p, q with
  | None, None => tov x x
  | None, Some k => tov x k
  | _, _ => 0
  end.

Definition ehead : head (option (tok m)) :=
  Head (fun p q => match p, q with
                   | None, None => pkernel 2 2 x x
                   | None, Some k => Aw k / 2
                   | _, _ => 0
                   end)
       (fun p q => match p, q with
                   | None, None => qs 2 2 x x
                   | None, Some k => if Rlt_dec 0 (Aw k) then Pw k / Aw k else 0
                   | _, _ => 0
                   end).

Hypothesis Hnn : forall j q k, (j < 3)%nat -> 0 <= pkernel 2 j q k.
Hypothesis Hc : forall X : nat -> tok m, X 2%nat = x -> qcorrect (1 / 2) 3 X 2.

Lemma ehead_nonneg : nonneg ehead.
Proof.
  intros [q|] [k|]; simpl; try lra.
  - unfold Aw. pose proof (Hnn 0 x k ltac:(lia)). pose proof (Hnn 1 x k ltac:(lia)). lra.
  - apply Hnn. lia.
Qed.

Lemma ehead_product k : alpha ehead None (Some k) * s ehead None (Some k) = Pw k / 2.
Proof.
  simpl. destruct (Rlt_dec 0 (Aw k)) as [P|P].
  - field. lra.
  - assert (Z : Aw k = 0).
    { unfold Aw in *. pose proof (Hnn 0 x k ltac:(lia)). pose proof (Hnn 1 x k ltac:(lia)). lra. }
    assert (Z0 : pkernel 2 0 x k = 0 /\ pkernel 2 1 x k = 0).
    { unfold Aw in Z. pose proof (Hnn 0 x k ltac:(lia)). pose proof (Hnn 1 x k ltac:(lia)). lra. }
    unfold Pw. destruct Z0 as [-> ->]. rewrite Z. field.
Qed.

(** Correctness as two strict linear inequalities. *)
Lemma rows_of (N Dn t : R) : 0 < Dn -> Rabs (N / Dn - t) < 1 / 2 ->
  N - (t + 1 / 2) * Dn < 0 /\ (t - 1 / 2) * Dn - N < 0.
Proof.
  intros HD Habs. apply Rabs_def2 in Habs as [H1 H2].
  assert (E : N = (N / Dn) * Dn) by (field; lra).
  split; rewrite E; [assert (N / Dn < t + 1 / 2) by lra|assert (t - 1 / 2 < N / Dn) by lra]; nra.
Qed.

Lemma min3 (a c e : R) (t : R) :
  Rmin (Rmin (Rmin a a) c) e = Rmin a (Rmin c e) /\ Rmin (Rmin (Rmin c c) a) e = Rmin a (Rmin c e).
Proof. unfold Rmin. repeat destruct Rle_dec; split; lra. Qed.

(** The symmetrized head is correct on every sequence of two keys [Some k1], [Some k2]. *)
Lemma ehead_correct k1 k2 : correct eov (1 / 2) ehead None (plain [Some k1; Some k2]).
Proof.
  set (X12 := fun j => match j with O => k1 | 1%nat => k2 | _ => x end).
  set (X21 := fun j => match j with O => k2 | 1%nat => k1 | _ => x end).
  destruct (Hc X12 eq_refl) as [D12 E12]. destruct (Hc X21 eq_refl) as [D21 E21].
  rewrite qscalarize in E12, E21 by lra.
  set (a := pkernel 2 2 x x) in *. set (sx := qs 2 2 x x) in *.
  assert (Ed12 : qden 3 X12 2 = pkernel 2 0 x k1 + pkernel 2 1 x k2 + a) by (unfold qden, a; simpl; ring).
  assert (Ed21 : qden 3 X21 2 = pkernel 2 0 x k2 + pkernel 2 1 x k1 + a) by (unfold qden, a; simpl; ring).
  assert (En12 : sumN 3 (fun j => pkernel 2 j (X12 2%nat) (X12 j) * qs 2 j (X12 2%nat) (X12 j))
                 = pkernel 2 0 x k1 * qs 2 0 x k1 + pkernel 2 1 x k2 * qs 2 1 x k2 + a * sx)
    by (unfold a, sx; simpl; ring).
  assert (En21 : sumN 3 (fun j => pkernel 2 j (X21 2%nat) (X21 j) * qs 2 j (X21 2%nat) (X21 j))
                 = pkernel 2 0 x k2 * qs 2 0 x k2 + pkernel 2 1 x k1 * qs 2 1 x k1 + a * sx)
    by (unfold a, sx; simpl; ring).
  set (t := Rmin (tov x k1) (Rmin (tov x k2) (tov x x))).
  assert (Et12 : ptarget m 3 X12 2 = t) by (apply (min3 (tov x k1) (tov x k2) (tov x x) 0)).
  assert (Et21 : ptarget m 3 X21 2 = t) by (apply (min3 (tov x k1) (tov x k2) (tov x x) 0)).
  rewrite Ed12, En12, Et12 in E12. rewrite Ed21, En21, Et21 in E21.
  rewrite Ed12 in D12. rewrite Ed21 in D21.
  destruct (rows_of _ _ _ D12 E12) as [U1 L1]. destruct (rows_of _ _ _ D21 E21) as [U2 L2].
  assert (Eden : den ehead None (plain [Some k1; Some k2]) = (Aw k1 + Aw k2) / 2 + a).
  { unfold den, a. simpl. field. }
  assert (Enum : num ehead None (plain [Some k1; Some k2]) = (Pw k1 + Pw k2) / 2 + a * sx).
  { unfold num.
    change (fold_right _ 0 (plain [Some k1; Some k2]))
      with (1 * (alpha ehead None (Some k1) * s ehead None (Some k1))
            + (1 * (alpha ehead None (Some k2) * s ehead None (Some k2)) + 0)).
    rewrite (ehead_product k1), (ehead_product k2). unfold a, sx. simpl. field. }
  assert (Etg : target eov None (plain [Some k1; Some k2]) = t) by reflexivity.
  apply rows_correct; rewrite ?Eden, ?Enum, ?Etg; unfold Aw, Pw in *; lra.
Qed.

End Embed.

(** ** The product code's bound for the positional head *)

Lemma someP_chain (x : tok m) (rep : nat -> tok m) (lo : nat) (ds : list nat) :
  (forall j q k, (j < 3)%nat -> 0 <= pkernel 2 j q k) ->
  (forall X : nat -> tok m, X 2%nat = x -> qcorrect (1 / 2) 3 X 2) ->
  Forall (fun d => (2 <= d)%nat) ds ->
  (forall c, (lo <= c <= lo + list_sum ds)%nat -> tov x (rep c) = INR c) ->
  INR (lo + list_sum ds) <= tov x x ->
  Aw x (rep lo) >= chainprod (INR 3) ds * Aw x (rep (lo + list_sum ds)%nat).
Proof.
  intros Hnn Hc Hds Hov Hh.
  pose proof (pair_chain (eov x) (ehead x) None (fun p => exists k, p = Some k)
                (ehead_nonneg x Hnn)
                ltac:(intros [k1|] [k2|] [? E1] [? E2]; try discriminate; apply ehead_correct; assumption)
                (fun c => Some (rep c)) lo ds Hds
                ltac:(intros c Hc'; split; [eexists; reflexivity|apply Hov; exact Hc'])
                Hh) as F.
  simpl in F. replace (1 + 1 + 1) with (INR 3) in F by (simpl; ring). nra.
Qed.

Lemma someP_step (x : tok m) (rep : nat -> tok m) (lo d : nat) :
  (forall j q k, (j < 3)%nat -> 0 <= pkernel 2 j q k) ->
  (forall X : nat -> tok m, X 2%nat = x -> qcorrect (1 / 2) 3 X 2) ->
  (2 <= d)%nat -> tov x (rep lo) = INR lo -> tov x (rep (lo + d)%nat) = INR (lo + d) ->
  INR (lo + d) <= tov x x ->
  Aw x (rep lo) > (INR 3 - 2) * (INR d - 1) * Aw x (rep (lo + d)%nat).
Proof.
  intros Hnn Hc Hd E1 E2 Hh.
  pose proof (pair_step (eov x) (ehead x) None (fun p => exists k, p = Some k)
                (ehead_nonneg x Hnn)
                ltac:(intros [k1|] [k2|] [? A1] [? A2]; try discriminate; apply ehead_correct; assumption)
                (fun c => Some (rep c)) lo d Hd ltac:(eexists; reflexivity) ltac:(eexists; reflexivity)
                E1 E2 Hh) as F.
  simpl in F. replace (1 + 1 + 1) with (INR 3) in F by (simpl; ring). nra.
Qed.

End PosModel.

Section Product.

Context (m r D : nat) (phiQ phiK v A : nat -> tok m -> nat -> R) (b : nat -> tok m -> R).
Hypothesis Hnn : forall j q k, (j < 3)%nat -> 0 <= pkernel m r phiQ phiK 2 j q k.
Hypothesis Hc : forall X : nat -> tok m, qcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2.

Let Aw' := Aw m r phiQ phiK.

Lemma pos_rank_pos : 1 <= INR r.
Proof.
  destruct r as [|r'].
  - exfalso. set (x0 := mk m (repeat false m)).
    destruct (Hc (fun _ => x0)) as [Hd _]. unfold qden, pkernel in Hd. simpl in Hd. lra.
  - apply (le_INR 1). lia.
Qed.

Context (t s : nat).
Hypothesis Hm : m = (16 * t + s)%nat.
Hypothesis Ht : (1 <= t)%nat.

Let h := (8 * t)%nat.
Let k := (KB ^ t)%nat.
Let L := fun i j => Lc h (cls_of h (cx m t s i) (cy m t s j)).

Lemma Hc' x : forall X : nat -> tok m, X 2%nat = x -> qcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2.
Proof. intros X _. apply Hc. Qed.

Lemma pdiag i : (i < k)%nat -> 0 < Aw' (cx m t s i) (cy m t s i).
Proof.
  intro Hi. destruct (code_ok m t s Hm Ht) as [_ Hcode]. destruct (Hcode i Hi) as [E1 E2].
  set (x := cx m t s i).
  set (rep := fun c => if Nat.eqb c 0 then cy m t s i else x).
  assert (Hh2 : (2 <= h)%nat) by (unfold h; lia).
  pose proof (someP_step m r D phiQ phiK v A b x rep 0 h Hnn (Hc' x) Hh2) as S.
  assert (R0 : rep 0%nat = cy m t s i) by reflexivity.
  assert (Rh : rep (0 + h)%nat = x) by (unfold rep; destruct (Nat.eqb_spec (0 + h) 0); [lia|reflexivity]).
  rewrite R0, Rh in S.
  assert (Exx : tov x x = INR h) by (unfold tov; fold (ovt x x); unfold x; rewrite E1; reflexivity).
  specialize (S ltac:(unfold tov; fold (ovt x (cy m t s i)); unfold x; rewrite E2; reflexivity)
                ltac:(rewrite Exx; f_equal) ltac:(rewrite Exx; simpl; lra)).
  assert (0 <= Aw' x x).
  { unfold Aw', Aw. pose proof (Hnn 0 x x ltac:(lia)). pose proof (Hnn 1 x x ltac:(lia)). lra. }
  assert (1 <= (INR 3 - 2) * (INR h - 1)).
  { assert (2 <= INR h) by (apply (le_INR 2); exact Hh2). simpl. nra. }
  unfold Aw' in *. nra.
Qed.

Lemma pratio i j : (i < k)%nat -> (j < k)%nat -> i <> j ->
  0 < L i j /\ Aw' (cx m t s i) (cy m t s i) >= L i j * Aw' (cx m t s i) (cy m t s j).
Proof.
  intros Hi Hj Hij. destruct (code_ok m t s Hm Ht) as [_ Hcode]. destruct (Hcode i Hi) as [E1 E2].
  set (x := cx m t s i). set (o := ovt x (cy m t s j)).
  assert (Ho2 : (2 <= o)%nat) by (apply ov_ge; assumption).
  assert (Hoh : (o <= h)%nat) by (apply ov_le; assumption).
  destruct (cls_min h x (cy m t s j) Hoh) as [Em _]. fold o in Em.
  assert (EL : L i j = chainprod (INR 3) (split5 o)) by (unfold L, Lc; fold x; rewrite Em; reflexivity).
  destruct (split5_facts o Ho2) as (Ne & Fa & Su).
  split; [rewrite EL; pose proof (chainprod_ge1 (INR 3) _ ltac:(simpl; lra) Fa); lra|].
  set (rep := fun c => if Nat.eqb c 0 then cy m t s i else if Nat.eqb c o then cy m t s j else Pref m x c).
  pose proof (someP_chain m r D phiQ phiK v A b x rep 0 (split5 o) Hnn (Hc' x) Fa) as F.
  rewrite Su in F. simpl in F.
  assert (R0 : rep 0%nat = cy m t s i) by reflexivity.
  assert (Ro : rep o = cy m t s j) by (unfold rep; destruct (Nat.eqb_spec o 0); [lia|]; rewrite Nat.eqb_refl; reflexivity).
  rewrite R0, Ro in F. rewrite EL. apply F.
  - intros c Hc0. unfold rep. destruct (Nat.eqb_spec c 0) as [->|N0].
    + unfold tov. fold (ovt x (cy m t s i)). unfold x. rewrite E2. reflexivity.
    + destruct (Nat.eqb_spec c o) as [->|No]; [reflexivity|].
      unfold tov, Pref. simpl. rewrite ovn_pref. fold (ovt x x). unfold x. rewrite E1. f_equal. lia.
  - unfold tov. fold (ovt x x). unfold x. rewrite E1. apply le_INR. exact Hoh.
Qed.

Lemma product_value : 7 ^ t / 16 <= INR r.
Proof.
  eapply Rle_trans; [apply (value_lower m t s Hm Ht)|]. fold h k.
  set (a := fun i => Aw' (cx m t s i) (cy m t s i)).
  set (phi' := fun l i => phiQ 2%nat (cx m t s i) l / a i).
  set (psi' := fun l j => phiK 0%nat (cy m t s j) l + phiK 1%nat (cy m t s j) l).
  assert (EM : forall i j, fmat r phi' psi' i j = Aw' (cx m t s i) (cy m t s j) / a i).
  { intros i j. unfold fmat, phi', psi', Aw', Aw, pkernel. unfold Rdiv.
    rewrite <- sumN_plus, <- sumN_scal_r. apply sumN_ext. intros. ring. }
  assert (M : INR k ^ 2 <= INR r * (INR k + offsum k (fun i j => / L i j ^ 2))).
  { apply (rank_entrywise k r phi' psi').
    - intros i Hi. rewrite EM. unfold a. field. apply Rgt_not_eq, pdiag, Hi.
    - intros i j Hi Hj Hij. rewrite EM. destruct (pratio i j Hi Hj Hij) as [HL Hb].
      apply entry_le; [exact HL|apply pdiag, Hi| |exact Hb].
      unfold Aw', Aw. pose proof (Hnn 0 (cx m t s i) (cy m t s j) ltac:(lia)).
      pose proof (Hnn 1 (cx m t s i) (cy m t s j) ltac:(lia)). lra. }
  unfold code_value. fold L.
  assert (Hk' : 0 < INR k) by (apply lt_0_INR; unfold k; apply Nat.neq_0_lt_0, Nat.pow_nonzero; unfold KB; lia).
  set (S := offsum k (fun i j => / L i j ^ 2)) in *.
  assert (HkS : 0 < INR k + S).
  { destruct (Rlt_or_le 0 (INR k + S)) as [P|P]; [exact P|].
    pose proof (pos_INR r). assert (INR r * (INR k + S) <= 0) by nra. nra. }
  apply Rmult_le_reg_r with (INR k + S); [exact HkS|].
  unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

End Product.

(** ** Theorem 6 with position-dependent maps, at the causal final query, for every [m]:
    every head whose final query's kernels [alpha_2j] ([j = 0, 1, 2]) are nonnegative, with
    position-dependent feature maps of dimension [r], values and readouts, correct (positive
    denominator, error below [1/2]) at the last position of every length-3 sequence, has
    [r >= 2^(m/10 - 6)] ([2^m <= (64 r)^10]) and [r >= 2^(7m/40 - 265/40)]. *)
Theorem theorem6 (m r D : nat) (phiQ phiK v A : nat -> tok m -> nat -> R) (b : nat -> tok m -> R) :
  (forall j q k, (j < 3)%nat -> 0 <= pkernel m r phiQ phiK 2 j q k) ->
  (forall X : nat -> tok m, qcorrect m r D phiQ phiK v A b (1 / 2) 3 X 2) ->
  2 ^ m <= (64 * INR r) ^ 10 /\ 2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40.
Proof.
  intros Hnn Hc. apply bounds_of_lower.
  - eapply pos_rank_pos; eassumption.
  - intro Ht. apply (product_value m r D phiQ phiK v A b Hnn Hc (m / 16) (m mod 16)); [|exact Ht].
    apply Nat.div_mod. lia.
Qed.

(** The same when every position is correct (each attending to all three positions). *)
Theorem theorem6_every_position (m r D : nat) (phiQ phiK v A : nat -> tok m -> nat -> R)
  (b : nat -> tok m -> R) :
  (forall i j q k, 0 <= pkernel m r phiQ phiK i j q k) ->
  (forall (X : nat -> tok m) (i : nat), (i < 3)%nat -> qcorrect m r D phiQ phiK v A b (1 / 2) 3 X i) ->
  2 ^ m <= (64 * INR r) ^ 10 /\ 2 ^ (7 * m) <= 2 ^ 265 * INR r ^ 40.
Proof.
  intros Hnn Hc. apply (theorem6 m r D phiQ phiK v A b); [intros; apply Hnn|intro X; apply Hc; lia].
Qed.
