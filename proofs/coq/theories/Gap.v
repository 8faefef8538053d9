(** * Gap certificates ([minip-gap/1], default setting): the rows of docs/math.md §2.4 are
    rebuilt here from the stated parameters; a certificate supplies only row labels and
    multipliers.  [gap_sound]: a certificate accepted by [check_gap] proves that no head
    correct on the family has [alpha(x,y) <= K' alpha(x,z)]. *)

From Coq Require Import Reals Lra Lia List QArith Qreals Bool Arith.
From Minip Require Import Model Farkas.
Import ListNotations.

(** The parameters as stated in the certificate: length [n], tolerance [eps], the
    configuration [(h, u, w)], the family ([all] or the paper's S1-S3) and the factor [K']. *)
Record gparams := GP { g_n : nat; g_eps : Q; g_h : nat; g_u : nat; g_w : nat; g_all : bool; g_kp : Q }.

(** Row labels: a sequence by its multiplicities [(i_x, i_y, i_z)] (query included) and
    side; the sign rows [-a, -b, -c <= 0] ([j = 0, 1, 2]); the bound [b - K' c <= 0]; the
    pins [Q = 0] ([j = 4]) and [S = 0] ([j = 5]), each as two rows. *)
Inductive glabel :=
| GSeq (ix iy iz : nat) (upper : bool)
| GSign (j : nat)
| GBound
| GPin (j : nat) (le : bool).

Definition Qnat (k : nat) : Q := inject_Z (Z.of_nat k).

(** The sequences of the family, by multiplicities (query included). *)
Definition in_family (p : gparams) (ix iy iz : nat) : bool :=
  let n := g_n p in
  if g_all p then Nat.leb 1 ix && Nat.eqb (ix + iy + iz) n
  else (Nat.eqb ix 1 && Nat.eqb iy (n - 1) && Nat.eqb iz 0)
       || (Nat.eqb ix 1 && Nat.eqb iy 0 && Nat.eqb iz (n - 1))
       || (Nat.eqb ix 1 && Nat.eqb iy 1 && Nat.eqb iz (n - 2)).

(** Min-IP target: the least overlap present ([h] for the query itself). *)
Definition gtarget (p : gparams) (ix iy iz : nat) : nat :=
  Nat.min (if Nat.eqb iz 0 then g_h p else Nat.min (g_w p) (g_h p))
          (if Nat.eqb iy 0 then g_h p else g_u p).

(** Variables: [a b c P Q S] are [0 .. 5]. *)
Local Open Scope Q_scope.

Definition grow (p : gparams) (l : glabel) : srow :=
  match l with
  | GSeq ix iy iz true =>
      let m := Qnat (gtarget p ix iy iz) + g_eps p in
      [(0%nat, - (Qnat ix * m)); (1%nat, - (Qnat iy * m)); (2%nat, - (Qnat iz * m));
       (3%nat, Qnat ix); (4%nat, Qnat iy); (5%nat, Qnat iz)]
  | GSeq ix iy iz false =>
      let m := Qnat (gtarget p ix iy iz) - g_eps p in
      [(0%nat, Qnat ix * m); (1%nat, Qnat iy * m); (2%nat, Qnat iz * m);
       (3%nat, - Qnat ix); (4%nat, - Qnat iy); (5%nat, - Qnat iz)]
  | GSign j => [(j, -1)]
  | GBound => [(1%nat, 1); (2%nat, - g_kp p)]
  | GPin j true => [(j, 1)]
  | GPin j false => [(j, -1)]
  end.

Definition gstrict (l : glabel) : bool := match l with GSeq _ _ _ _ => true | _ => false end.

Definition gvalid (p : gparams) (l : glabel) : bool :=
  match l with
  | GSeq ix iy iz _ => in_family p ix iy iz
  | GSign j => Nat.ltb j 3
  | GBound => true
  | GPin 4 _ => Qle_bool (g_kp p) 0
  | GPin 5 _ => negb (Qle_bool 0 (g_kp p))
  | GPin _ _ => false
  end.

(** The parameter ranges that minip-check validates ([Instance::new]): [n >= 3], [eps > 0],
    [0 <= u < w <= h].  Without them an accepted certificate could state a vacuous claim: no
    head is correct when [eps <= 0]. *)
Definition grange (p : gparams) : bool :=
  Nat.leb 3 (g_n p) && negb (Qle_bool (g_eps p) 0)
  && Nat.ltb (g_u p) (g_w p) && Nat.leb (g_w p) (g_h p).

(** The Farkas part: valid labels, the combination of the rebuilt rows, a strict row. *)
Definition gap_rows_ok (p : gparams) (cert : list (glabel * Q)) : bool :=
  forallb (fun lq => gvalid p (fst lq)) cert
  && comb_ok 6 (fun _ => false) (map (fun lq => (snd lq, grow p (fst lq))) cert) []
  && existsb (fun lq => gstrict (fst lq) && negb (Qle_bool (snd lq) 0)) cert.

Definition check_gap (p : gparams) (cert : list (glabel * Q)) : bool :=
  grange p && gap_rows_ok p cert.

Local Close Scope Q_scope.
Local Open Scope R_scope.

(** The keys of the sequence with [jx, jy, jz] further copies of [x, y, z]. *)
Definition opt {T} (k : T) (m : nat) : keys := if Nat.eqb m 0 then [] else [(k, INR m)].
Definition keys3 {T} (x y z : T) (jx jy jz : nat) : keys := opt x jx ++ opt y jy ++ opt z jz.

(** The ranges as a proposition: part of every claim, so that a reader sees it is not
    vacuous. *)
Definition gap_range (p : gparams) : Prop :=
  (3 <= g_n p)%nat /\ 0 < Q2R (g_eps p) /\ (g_u p < g_w p)%nat /\ (g_w p <= g_h p)%nat.

(** The claim a gap certificate proves, stated in the model: the ranges hold, and no
    nonnegative head correct on the family has [alpha(x,y) <= K' alpha(x,z)]. *)
Definition gap_claim (p : gparams) : Prop :=
  gap_range p /\
  forall (T : Type) (ov : T -> T -> R) (x y z : T) (H : head T),
    ov x x = INR (g_h p) -> ov x y = INR (g_u p) -> ov x z = INR (g_w p) ->
    nonneg H ->
    (forall ix iy iz, in_family p ix iy iz = true ->
       correct ov (Q2R (g_eps p)) H x (keys3 x y z (ix - 1) iy iz)) ->
    ~ (alpha H x y <= Q2R (g_kp p) * alpha H x z).

Lemma Q2R_Qnat k : Q2R (Qnat k) = INR k.
Proof. unfold Q2R, Qnat; simpl. rewrite INR_IZR_INZ. field. Qed.

Lemma INR_min a b : Rmin (INR a) (INR b) = INR (Nat.min a b).
Proof.
  destruct (Nat.le_ge_cases a b) as [Hab|Hba].
  - rewrite Nat.min_l by exact Hab. apply Rmin_left, le_INR, Hab.
  - rewrite Nat.min_r by exact Hba. apply Rmin_right, le_INR, Hba.
Qed.

Lemma Qpos_R q : negb (Qle_bool q 0) = true -> 0 < Q2R q.
Proof.
  intro H. apply negb_true_iff in H. apply Rnot_le_lt. intro Hq.
  rewrite <- Q2R0 in Hq. apply Rle_Qle, Qle_bool_iff in Hq. congruence.
Qed.

Lemma grange_sound p : grange p = true -> gap_range p.
Proof.
  unfold grange, gap_range. intro H.
  repeat match type of H with (_ && _) = true => apply andb_true_iff in H as [H ?] end.
  apply Nat.leb_le in H. repeat split; try lia.
  - apply Qpos_R; assumption.
  - apply Nat.ltb_lt; assumption.
  - apply Nat.leb_le; assumption.
Qed.

Lemma Q2R_1 : Q2R 1 = 1.
Proof. unfold Q2R; simpl. field. Qed.
Lemma Q2R_m1 : Q2R (-1) = -1.
Proof. unfold Q2R; simpl. field. Qed.

Section Sound.

Context {T : Type} (ov : T -> T -> R) (x y z : T) (H : head T) (p : gparams).
Hypothesis Hh : ov x x = INR (g_h p).
Hypothesis Hu : ov x y = INR (g_u p).
Hypothesis Hw : ov x z = INR (g_w p).

Let va := alpha H x x. Let vb := alpha H x y. Let vc := alpha H x z.
Let vP := va * s H x x. Let vQ := vb * s H x y. Let vS := vc * s H x z.

Definition gpoint (j : nat) : R :=
  match j with O => va | 1%nat => vb | 2%nat => vc | 3%nat => vP | 4%nat => vQ | 5%nat => vS | _ => R0 end.

Lemma den3 jx jy jz :
  den H x (keys3 x y z jx jy jz) = va + INR jx * va + INR jy * vb + INR jz * vc.
Proof.
  unfold den, keys3, opt.
  destruct (Nat.eqb_spec jx 0) as [->|]; destruct (Nat.eqb_spec jy 0) as [->|];
    destruct (Nat.eqb_spec jz 0) as [->|]; simpl; fold va vb vc; ring.
Qed.

Lemma num3 jx jy jz :
  num H x (keys3 x y z jx jy jz) = vP + INR jx * vP + INR jy * vQ + INR jz * vS.
Proof.
  unfold num, keys3, opt.
  destruct (Nat.eqb_spec jx 0) as [->|]; destruct (Nat.eqb_spec jy 0) as [->|];
    destruct (Nat.eqb_spec jz 0) as [->|]; simpl; fold va vb vc; unfold vP, vQ, vS; ring.
Qed.

Lemma target3 jx jy jz :
  target ov x (keys3 x y z jx jy jz) = INR (gtarget p (S jx) jy jz).
Proof.
  unfold target, keys3, opt, gtarget.
  destruct (Nat.eqb_spec jx 0); destruct (Nat.eqb_spec jy 0); destruct (Nat.eqb_spec jz 0);
    simpl; rewrite ?Hh, ?Hu, ?Hw, ?INR_min, ?Nat.min_id; f_equal; lia.
Qed.

Hypothesis Hnn : nonneg H.
Variable eps : R.
Hypothesis Heps : eps = Q2R (g_eps p).

Lemma in_family_ix ix iy iz : in_family p ix iy iz = true -> (1 <= ix)%nat.
Proof.
  destruct ix; [|lia]. unfold in_family. destruct (g_all p); simpl; discriminate.
Qed.

Lemma gseq_row ix iy iz up :
  in_family p ix iy iz = true -> correct ov eps H x (keys3 x y z (ix - 1) iy iz) ->
  rval (grow p (GSeq ix iy iz up)) gpoint < 0.
Proof.
  intros Hf C. pose proof (in_family_ix _ _ _ Hf) as Hix.
  destruct ix as [|jx]; [lia|]. replace (S jx - 1)%nat with jx in C by lia.
  apply correct_rows in C as [_ [U L]].
  rewrite den3, num3, target3 in U, L. subst eps.
  set (t := INR (gtarget p (S jx) iy iz)) in *.
  destruct up; cbn [grow rval gpoint];
    rewrite ?Q2R_opp, ?Q2R_mult, ?Q2R_plus, ?Q2R_minus, ?Q2R_Qnat; fold t; rewrite S_INR.
  - match goal with |- ?e < 0 => replace e with
      (vP + INR jx * vP + INR iy * vQ + INR iz * vS
       - (t + Q2R (g_eps p)) * (va + INR jx * va + INR iy * vb + INR iz * vc)) by ring end.
    exact U.
  - match goal with |- ?e < 0 => replace e with
      ((t - Q2R (g_eps p)) * (va + INR jx * va + INR iy * vb + INR iz * vc)
       - (vP + INR jx * vP + INR iy * vQ + INR iz * vS)) by ring end.
    exact L.
Qed.

Hypothesis Hbound : vb <= Q2R (g_kp p) * vc.

Lemma other_row l : gstrict l = false -> gvalid p l = true -> rval (grow p l) gpoint <= 0.
Proof.
  intros Hs Hv. assert (Ha := Hnn x x). assert (Hb := Hnn x y). assert (Hc := Hnn x z).
  fold va in Ha. fold vb in Hb. fold vc in Hc.
  destruct l as [ix iy iz up|j| |j le]; [discriminate| | |].
  - cbn [grow rval]. rewrite Q2R_m1.
    destruct j as [|[|[|j]]]; simpl; try lra. simpl in Hv. apply Nat.ltb_lt in Hv. lia.
  - cbn [grow rval gpoint]. rewrite Q2R_opp, Q2R_1. lra.
  - destruct j as [|[|[|[|[|[|j]]]]]]; try discriminate; simpl in Hv.
    + (* Q pinned: K' <= 0 forces b = 0 *)
      apply Qle_bool_R in Hv. rewrite Q2R0 in Hv.
      assert (vb = 0) by nra. assert (vQ = 0) by (unfold vQ; fold vb; rewrite H0; ring).
      destruct le; cbn [grow rval gpoint]; rewrite H1, ?Q2R_1, ?Q2R_m1; lra.
    + (* S pinned: K' < 0 forces c = 0 *)
      apply negb_true_iff in Hv.
      assert (Hk : Q2R (g_kp p) < 0).
      { apply Rnot_le_lt. intro Hk. rewrite <- Q2R0 in Hk. apply Rle_Qle, Qle_bool_iff in Hk. congruence. }
      assert (vc = 0) by nra. assert (vS = 0) by (unfold vS; fold vc; rewrite H0; ring).
      destruct le; cbn [grow rval gpoint]; rewrite H1, ?Q2R_1, ?Q2R_m1; lra.
Qed.

End Sound.

(** ** Soundness: an accepted certificate proves the claim. *)
Theorem gap_sound (p : gparams) (cert : list (glabel * Q)) :
  check_gap p cert = true -> gap_claim p.
Proof.
  unfold check_gap. intro Hc. apply andb_true_iff in Hc as [Hrange Hc].
  split; [exact (grange_sound _ Hrange)|].
  intros T ov x y z H Hh Hu Hw Hnn Hcor Hb.
  unfold gap_rows_ok in Hc. apply andb_true_iff in Hc as [Hc Hex]. apply andb_true_iff in Hc as [Hv Hok].
  pose proof (comb_sound _ _ _ _ (gpoint x y z H) Hok (fun j Hj => ltac:(discriminate))) as S0.
  pose proof (comb_ok_mult_nonneg _ _ _ _ Hok) as Hy.
  cbn [rval] in S0.
  set (v := gpoint x y z H) in *.
  assert (Hrow : forall lq, In lq cert -> 0 <= Q2R (snd lq) ->
            Q2R (snd lq) * rval (grow p (fst lq)) v <= 0
            /\ (gstrict (fst lq) && negb (Qle_bool (snd lq) 0) = true ->
                Q2R (snd lq) * rval (grow p (fst lq)) v < 0)).
  { intros [l q] Hin Hq. simpl in Hq |- *.
    rewrite forallb_forall in Hv. specialize (Hv _ Hin). simpl in Hv.
    destruct (gstrict l) eqn:Hs.
    - destruct l as [ix iy iz up| | |]; try discriminate. simpl in Hv.
      pose proof (gseq_row ov x y z H p Hh Hu Hw (Q2R (g_eps p)) eq_refl ix iy iz up Hv (Hcor _ _ _ Hv)) as Hr. fold v in Hr.
      split; [nra|]. intro Hq'. simpl in Hq'. apply Qpos_R in Hq'. nra.
    - pose proof (other_row x y z H p Hnn Hb l Hs Hv) as Hr. fold v in Hr. split; [nra|discriminate]. }
  clear Hv Hok.
  assert (Nonpos : forall cert', incl cert' cert ->
            fold_right (fun yr acc => Q2R (fst yr) * rval (snd yr) v + acc) 0
              (map (fun lq => (snd lq, grow p (fst lq))) cert') <= 0).
  { induction cert' as [|e c' IHc]; intro Hi; simpl; [lra|].
    assert (He : In e cert) by (apply Hi; left; reflexivity).
    assert (Hq' : 0 <= Q2R (snd e)).
    { apply (Hy (snd e, grow p (fst e))). apply in_map_iff. exists e. auto. }
    destruct (Hrow e He Hq') as [Hle' _].
    assert (Hi' : incl c' cert) by (intros e' He'; apply Hi; right; exact He').
    specialize (IHc Hi'). lra. }
  assert (forall cert', incl cert' cert ->
            existsb (fun lq => gstrict (fst lq) && negb (Qle_bool (snd lq) 0)) cert' = true ->
            fold_right (fun yr acc => Q2R (fst yr) * rval (snd yr) v + acc) 0
              (map (fun lq => (snd lq, grow p (fst lq))) cert') < 0) as Neg.
  { induction cert' as [|lq cert' IH]; intros Hi He; [discriminate|].
    simpl in He |- *. assert (Hin : In lq cert) by (apply Hi; left; reflexivity).
    assert (Hq : 0 <= Q2R (snd lq)).
    { apply (Hy (snd lq, grow p (fst lq))). apply in_map_iff. exists lq. auto. }
    destruct (Hrow lq Hin Hq) as [Hle Hlt].
    assert (Hi' : incl cert' cert) by (intros e He'; apply Hi; right; exact He').
    apply orb_true_iff in He as [He|He].
    - pose proof (Nonpos cert' Hi').
      specialize (Hlt He). lra.
    - specialize (IH Hi' He). lra. }
  specialize (Neg cert (incl_refl _) Hex). lra.
Qed.

(** The check of a batch, as a file written by [minip export coq] states it
    ([gap_certs_ok]); proofs/coq/Claims.v concludes [gap_batch_sound] from it. *)
Definition gap_batch_ok (certs : list (gparams * list (glabel * Q))) : bool :=
  forallb (fun pc => check_gap (fst pc) (snd pc)) certs.

(** Every certificate of a batch. *)
Theorem gap_batch_sound (certs : list (gparams * list (glabel * Q))) :
  forallb (fun pc => check_gap (fst pc) (snd pc)) certs = true ->
  Forall (fun pc => gap_claim (fst pc)) certs.
Proof.
  intro H. apply Forall_forall. intros pc Hin. rewrite forallb_forall in H.
  exact (gap_sound _ _ (H pc Hin)).
Qed.

(** The same, stated with [gap_batch_ok] as the exports state their check (so that
    proofs/coq/Claims.v type-checks without unfolding the check over the data). *)
Theorem gap_batch_ok_sound (certs : list (gparams * list (glabel * Q))) :
  gap_batch_ok certs = true -> Forall (fun pc => gap_claim (fst pc)) certs.
Proof. exact (gap_batch_sound certs). Qed.

(** ** Certificates stating [bound: paper]: the factor [K' = K = (n-2)(d-2 eps)/(2 eps)],
    [d = w - u], recomputed here from [(n, eps, u, w)] instead of read from the export. *)
Local Open Scope Q_scope.
Definition kpaper (p : gparams) : Q :=
  (Qnat (g_n p) - 2) * (Qnat (g_w p) - Qnat (g_u p) - 2 * g_eps p) / (2 * g_eps p).

Definition paper_at (certs : list (gparams * list (glabel * Q))) (i : nat) : bool :=
  match nth_error certs i with
  | Some c => grange (fst c) && Qeq_bool (g_kp (fst c)) (kpaper (fst c))
  | None => false
  end.
Local Close Scope Q_scope.

(** The claim of a [bound: paper] certificate: the ranges hold, and no head correct on the
    family has [alpha(x,y) <= K alpha(x,z)] with the paper's [K] (Lemma 3's constant). *)
Definition paper_claim (p : gparams) : Prop :=
  gap_range p /\
  forall (T : Type) (ov : T -> T -> R) (x y z : T) (H : head T),
    ov x x = INR (g_h p) -> ov x y = INR (g_u p) -> ov x z = INR (g_w p) ->
    nonneg H ->
    (forall ix iy iz, in_family p ix iy iz = true ->
       correct ov (Q2R (g_eps p)) H x (keys3 x y z (ix - 1) iy iz)) ->
    ~ (alpha H x y <= Q2R (kpaper p) * alpha H x z).

Definition paper_claim_at (certs : list (gparams * list (glabel * Q))) (i : nat) : Prop :=
  exists c, nth_error certs i = Some c /\ paper_claim (fst c).

Theorem gap_paper_sound (certs : list (gparams * list (glabel * Q))) (idx : list nat) :
  forallb (fun pc => check_gap (fst pc) (snd pc)) certs = true ->
  forallb (paper_at certs) idx = true ->
  Forall (paper_claim_at certs) idx.
Proof.
  intros Hc Hi. apply Forall_forall. intros i Hin. rewrite forallb_forall in Hi.
  specialize (Hi i Hin). unfold paper_at in Hi.
  destruct (nth_error certs i) as [c|] eqn:E; [|discriminate].
  exists c. split; [exact E|].
  apply andb_true_iff in Hi as [_ Hi]. apply Qeq_bool_iff, Qeq_eqR in Hi.
  rewrite forallb_forall in Hc. pose proof (gap_sound _ _ (Hc c (nth_error_In _ _ E))) as G.
  unfold paper_claim. rewrite <- Hi. exact G.
Qed.

Theorem gap_paper_ok_sound (certs : list (gparams * list (glabel * Q))) (idx : list nat) :
  gap_batch_ok certs = true -> forallb (paper_at certs) idx = true -> Forall (paper_claim_at certs) idx.
Proof. exact (gap_paper_sound certs idx). Qed.
