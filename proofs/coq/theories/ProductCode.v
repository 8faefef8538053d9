(** * A code for every [m]: direct sums of one fixed block (docs/math.md §9.2).

    The block is the list of the 870 words of weight 8 of the extended Hamming code
    [16, 11, 4] ([block], computed here from its generator rows; the proofs only use what
    [vm_compute] checks about it: 870 distinct words of length 16 and weight 8, and
    [<a, ¬b> >= 2] for distinct words [a], [b]).  The code with [t] blocks has the
    [870^t] words [word t i], [i] read in base 870 (one block word per digit), and pairs
    [(word t i, ¬word t i)]: overlaps add over the blocks, so the pair sum
    [sum_{i,j} q^<word t i, ¬word t j>] is the [t]-th power of the block's ([pairsum_pow]),
    and the block's is computed once ([blocksum_bound]: [7 · blocksum <= 870^2] at
    [q = 100/169]). *)

From Coq Require Import Reals Lra Lia List Arith Bool ZArith.
From Minip Require Import Farkas Rank RankBound CodeRank.
Import ListNotations.
Local Open Scope nat_scope.

(** ** The block *)

Definition neg (w : list bool) : list bool := map negb w.

Definition bits (l : list nat) : list bool := map (Nat.eqb 1) l.

(** The generator rows of the extended Hamming code [16, 11, 4] (the Reed–Muller code
    [RM(2, 4)]: the monomials of degree [<= 2] in the four bits of the position). *)
Definition gens : list (list bool) := map bits [
  [1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1];
  [0;1;0;1;0;1;0;1;0;1;0;1;0;1;0;1];
  [0;0;1;1;0;0;1;1;0;0;1;1;0;0;1;1];
  [0;0;0;0;1;1;1;1;0;0;0;0;1;1;1;1];
  [0;0;0;0;0;0;0;0;1;1;1;1;1;1;1;1];
  [0;0;0;1;0;0;0;1;0;0;0;1;0;0;0;1];
  [0;0;0;0;0;1;0;1;0;0;0;0;0;1;0;1];
  [0;0;0;0;0;0;0;0;0;1;0;1;0;1;0;1];
  [0;0;0;0;0;0;1;1;0;0;0;0;0;0;1;1];
  [0;0;0;0;0;0;0;0;0;0;1;1;0;0;1;1];
  [0;0;0;0;0;0;0;0;0;0;0;0;1;1;1;1]].

Definition xorw (a b : list bool) : list bool := map (fun p => xorb (fst p) (snd p)) (combine a b).

(** All sums of generator rows. *)
Fixpoint span (gs : list (list bool)) : list (list bool) :=
  match gs with
  | [] => [repeat false 16]
  | g :: gs' => let S := span gs' in S ++ map (xorw g) S
  end.

Definition block : list (list bool) := filter (fun w => Nat.eqb (ovn w w) 8) (span gens).

Definition KB : nat := 870.

Definition block_ok : bool :=
  Nat.eqb (length block) KB
  && forallb (fun w => Nat.eqb (length w) 16 && Nat.eqb (ovn w w) 8) block.

(** Distinct words [a], [b] have [<a, ¬b> >= 2] (and so no word repeats). *)
Fixpoint sep (l : list (list bool)) : bool :=
  match l with
  | [] => true
  | a :: l' => forallb (fun b => Nat.leb 2 (ovn a (neg b)) && Nat.leb 2 (ovn b (neg a))) l' && sep l'
  end.

Lemma block_ok_true : block_ok = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Lemma block_sep : sep block = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Lemma block_length : length block = KB.
Proof. pose proof block_ok_true as E. unfold block_ok in E. apply andb_true_iff in E as [E _]. apply Nat.eqb_eq, E. Qed.

Lemma block_in w : In w block -> length w = 16%nat /\ ovn w w = 8%nat.
Proof.
  intro Hw. pose proof block_ok_true as E. unfold block_ok in E. apply andb_true_iff in E as [_ E].
  rewrite forallb_forall in E. specialize (E w Hw). apply andb_true_iff in E as [A B].
  split; apply Nat.eqb_eq; assumption.
Qed.

Lemma nth_block a : (a < KB)%nat -> In (nth a block []) block.
Proof. intro Ha. apply nth_In. rewrite block_length. exact Ha. Qed.

Lemma sep_nth l : sep l = true -> forall i j, (i < length l)%nat -> (j < length l)%nat -> i <> j ->
  (2 <= ovn (nth i l []) (neg (nth j l [])))%nat.
Proof.
  induction l as [|a l IH]; simpl; intros Hs i j Hi Hj Hij; [lia|].
  apply andb_true_iff in Hs as [Ha Hs]. rewrite forallb_forall in Ha.
  destruct i as [|i], j as [|j]; [lia| | |].
  - specialize (Ha (nth j l []) ltac:(apply nth_In; lia)). apply andb_true_iff in Ha as [A _].
    apply Nat.leb_le, A.
  - specialize (Ha (nth i l []) ltac:(apply nth_In; lia)). apply andb_true_iff in Ha as [_ A].
    apply Nat.leb_le, A.
  - apply IH; [exact Hs|lia|lia|lia].
Qed.

(** ** Overlaps of concatenations *)

Lemma ovn_app a b c d : length a = length c -> ovn (a ++ b) (c ++ d) = (ovn a c + ovn b d)%nat.
Proof.
  revert c; induction a as [|u a IH]; intros [|v c] E; simpl in *; try lia.
  rewrite IH by lia. lia.
Qed.

Lemma neg_app a b : neg (a ++ b) = neg a ++ neg b.
Proof. apply map_app. Qed.

Lemma neg_length a : length (neg a) = length a.
Proof. apply map_length. Qed.

Lemma ovn_neg_self w : ovn w (neg w) = 0%nat.
Proof. induction w as [|[|] w IH]; simpl; lia. Qed.

Lemma ovn_zeros_l s b : ovn (repeat false s) b = 0%nat.
Proof. revert b; induction s as [|s IH]; intros [|v b]; simpl; try reflexivity. apply IH. Qed.

(** ** The words of the direct sum of [t] blocks *)

Fixpoint word (t i : nat) : list bool :=
  match t with
  | O => []
  | S t' => nth (i mod KB) block [] ++ word t' (i / KB)
  end.

Lemma KB_pos : (0 < KB)%nat.
Proof. unfold KB. lia. Qed.

Lemma nth_block_len a : length (nth (a mod KB) block []) = 16%nat.
Proof. apply block_in, nth_block, Nat.mod_upper_bound. pose proof KB_pos. lia. Qed.

Lemma word_length t i : length (word t i) = (16 * t)%nat.
Proof.
  revert i; induction t as [|t IH]; intro i; cbn [word]; [reflexivity|].
  rewrite app_length, IH, nth_block_len. lia.
Qed.

Lemma word_weight t i : ovn (word t i) (word t i) = (8 * t)%nat.
Proof.
  revert i; induction t as [|t IH]; intro i; cbn [word]; [reflexivity|].
  rewrite ovn_app by (rewrite !nth_block_len; reflexivity). rewrite IH.
  rewrite (proj2 (block_in _ (nth_block _ (Nat.mod_upper_bound i KB ltac:(unfold KB; lia))))). lia.
Qed.

Lemma word_split t i j :
  ovn (word (S t) i) (neg (word (S t) j))
  = (ovn (nth (i mod KB) block []) (neg (nth (j mod KB) block []))
     + ovn (word t (i / KB)) (neg (word t (j / KB))))%nat.
Proof.
  cbn [word]. rewrite neg_app, ovn_app; [reflexivity|]. rewrite neg_length, !nth_block_len. reflexivity.
Qed.

Lemma word_sep t i j : (i < KB ^ t)%nat -> (j < KB ^ t)%nat -> i <> j ->
  (2 <= ovn (word t i) (neg (word t j)))%nat.
Proof.
  revert i j; induction t as [|t IH]; intros i j Hi Hj Hij; [simpl in *; lia|].
  rewrite word_split. pose proof KB_pos.
  assert (Hdm : forall a, a = (KB * (a / KB) + a mod KB)%nat) by (intro a; apply Nat.div_mod; lia).
  destruct (Nat.eq_dec (i mod KB) (j mod KB)) as [E|E].
  - assert (i / KB <> j / KB) by (intro F; apply Hij; rewrite (Hdm i), (Hdm j), E, F; reflexivity).
    assert (forall a, (a < KB ^ S t)%nat -> (a / KB < KB ^ t)%nat).
    { intros a Ha. apply Nat.div_lt_upper_bound; [lia|]. simpl in Ha. exact Ha. }
    pose proof (IH (i / KB) (j / KB) ltac:(auto) ltac:(auto) ltac:(assumption)). lia.
  - assert (Hb : (2 <= ovn (nth (i mod KB) block []) (neg (nth (j mod KB) block [])))%nat).
    { apply sep_nth; [exact block_sep|rewrite block_length; apply Nat.mod_upper_bound; lia
                     |rewrite block_length; apply Nat.mod_upper_bound; lia|exact E]. }
    lia.
Qed.

(** ** Pair sums *)

Local Open Scope R_scope.

Definition q : R := 100 / 169.

(** [sum_{i,j < 870^t} q^<word t i, ¬word t j>]. *)
Definition pairsum (t : nat) : R :=
  sumN (KB ^ t) (fun i => sumN (KB ^ t) (fun j => q ^ ovn (word t i) (neg (word t j)))).

Definition blocksum : R :=
  sumN KB (fun a => sumN KB (fun b => q ^ ovn (nth a block []) (neg (nth b block [])))).

Lemma sumN_add n p f : sumN (n + p) f = sumN n f + sumN p (fun j => f (n + j)%nat).
Proof.
  induction p as [|p IH]; simpl.
  - rewrite Nat.add_0_r. ring.
  - rewrite Nat.add_succ_r. simpl. rewrite IH. ring.
Qed.

Lemma sumN_mul a b f : sumN (b * a) f = sumN b (fun c => sumN a (fun p => f (c * a + p)%nat)).
Proof.
  induction b as [|b IH]; [reflexivity|].
  replace (S b * a)%nat with (b * a + a)%nat by lia.
  rewrite sumN_add, IH. reflexivity.
Qed.

Lemma mod_div_KB c p : (p < KB)%nat -> ((c * KB + p) mod KB = p /\ (c * KB + p) / KB = c)%nat.
Proof.
  intro Hp. pose proof KB_pos. split.
  - rewrite Nat.add_comm, Nat.mod_add by lia. apply Nat.mod_small, Hp.
  - rewrite Nat.add_comm, Nat.div_add by lia. rewrite Nat.div_small by exact Hp. reflexivity.
Qed.

Lemma pairsum_S t : pairsum (S t) = blocksum * pairsum t.
Proof.
  unfold pairsum. change (KB ^ S t)%nat with (KB * KB ^ t)%nat. rewrite Nat.mul_comm.
  rewrite sumN_mul.
  transitivity (sumN (KB ^ t) (fun c => sumN KB (fun a => sumN (KB ^ t) (fun c' => sumN KB (fun b =>
    q ^ ovn (nth a block []) (neg (nth b block [])) * q ^ ovn (word t c) (neg (word t c'))))))).
  - apply sumN_ext. intros c _. apply sumN_ext. intros a Ha. rewrite sumN_mul.
    apply sumN_ext. intros c' _. apply sumN_ext. intros b Hb.
    rewrite word_split, pow_add. destruct (mod_div_KB c a Ha) as [-> ->].
    destruct (mod_div_KB c' b Hb) as [-> ->]. reflexivity.
  - rewrite <- sumN_scal. apply sumN_ext. intros c _.
    rewrite (sumN_swap KB (KB ^ t)). rewrite <- sumN_scal. apply sumN_ext. intros c' _.
    unfold blocksum. rewrite <- sumN_scal_r. apply sumN_ext. intros a _.
    rewrite <- sumN_scal_r. reflexivity.
Qed.

Lemma pairsum_pow t : pairsum t = blocksum ^ t.
Proof.
  induction t as [|t IH].
  - unfold pairsum. simpl. ring.
  - rewrite pairsum_S, IH. simpl. ring.
Qed.

(** ** The block sum, computed over [Z] *)

Definition lsum {A} (f : A -> R) (l : list A) : R := fold_right (fun a acc => f a + acc) 0 l.
Definition zsum {A} (f : A -> Z) (l : list A) : Z := fold_right (fun a acc => (f a + acc)%Z) 0%Z l.

Lemma sumN_front n g : sumN (S n) g = g O + sumN n (fun i => g (S i)).
Proof. induction n as [|n IH]; simpl in *; [ring|]. rewrite IH. ring. Qed.

Lemma sumN_nth {A} (l : list A) d (f : A -> R) :
  sumN (length l) (fun i => f (nth i l d)) = lsum f l.
Proof.
  induction l as [|a l IH]; [reflexivity|]. simpl length. rewrite sumN_front. simpl. rewrite IH. reflexivity.
Qed.

Lemma lsum_IZR {A} (f : A -> R) (g : A -> Z) (D : R) l :
  (forall a, In a l -> f a = IZR (g a) / D) -> lsum f l = IZR (zsum g l) / D.
Proof.
  induction l as [|a l IH]; intro E; simpl.
  - unfold Rdiv. ring.
  - rewrite E by (left; reflexivity). rewrite IH by (intros; apply E; right; assumption).
    rewrite plus_IZR. unfold Rdiv. ring.
Qed.

(** [q^o = zw o / 169^8] for [o <= 8]. *)
Definition zw (o : nat) : Z := (100 ^ Z.of_nat o * 169 ^ Z.of_nat (8 - o))%Z.
Definition zD : Z := (169 ^ Z.of_nat 8)%Z.

Lemma q_pow o : (o <= 8)%nat -> q ^ o = IZR (zw o) / IZR zD.
Proof.
  intro Ho. unfold zw, zD. rewrite mult_IZR, <- !pow_IZR.
  assert (E : IZR 169 ^ 8 = IZR 169 ^ o * IZR 169 ^ (8 - o)) by (rewrite <- pow_add; f_equal; lia).
  rewrite E. unfold q.
  unfold Rdiv. rewrite Rpow_mult_distr, pow_inv. field.
  split; apply pow_nonzero; lra.
Qed.

(** The same weights as a table, for the computation. *)
Definition zwt (o : nat) : Z :=
  nth o [665416609183179841; 393737638569928900; 232980851224810000; 137858491849000000;
         81573072100000000; 48268090000000000; 28561000000000000; 16900000000000000;
         10000000000000000]%Z 0%Z.

Lemma zwt_zw o : (o <= 8)%nat -> zwt o = zw o.
Proof. intro Ho. do 9 (destruct o as [|o]; [reflexivity|]). lia. Qed.

Definition zpairs : Z :=
  let nb := map neg block in zsum (fun a => zsum (fun b => zwt (ovn a b)) nb) block.

Lemma zpairs_pos_check : Z.ltb 0 zpairs = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Lemma zpairs_le_check : Z.leb (7 * zpairs) (870 * 870 * zD) = true.
Proof. vm_cast_no_check (eq_refl true). Qed.

Lemma zsum_map {A B} (g : B -> Z) (f : A -> B) l : zsum g (map f l) = zsum (fun a => g (f a)) l.
Proof. induction l as [|a l IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma blocksum_Z : blocksum = IZR zpairs / IZR zD.
Proof.
  transitivity (lsum (fun w => lsum (fun v => q ^ ovn w (neg v)) block) block).
  - unfold blocksum. rewrite <- block_length, <- (sumN_nth _ []). apply sumN_ext. intros a _.
    rewrite <- (sumN_nth _ []). reflexivity.
  - unfold zpairs. apply lsum_IZR. intros a Ha. rewrite zsum_map. apply lsum_IZR. intros b _.
    assert (Ho : (ovn a (neg b) <= 8)%nat).
    { destruct (block_in a Ha) as [_ W]. rewrite <- W. apply ovn_le_self. }
    rewrite zwt_zw by exact Ho. apply q_pow, Ho.
Qed.

Lemma ratio_bound (P D : R) : 0 < P -> 0 < D -> 7 * P <= 870 * 870 * D ->
  0 < P / D /\ 7 * (P / D) <= 870 ^ 2.
Proof.
  intros HP HD H. split.
  - unfold Rdiv. apply Rmult_lt_0_compat; [exact HP|apply Rinv_0_lt_compat, HD].
  - apply (Rmult_le_reg_r D); [exact HD|].
    replace (7 * (P / D) * D) with (7 * P) by (field; lra). lra.
Qed.

Lemma zpairs_facts : (0 < zpairs)%Z /\ (7 * zpairs <= 870 * 870 * zD)%Z.
Proof. split; [exact (proj1 (Z.ltb_lt _ _) zpairs_pos_check)|exact (proj1 (Z.leb_le _ _) zpairs_le_check)]. Qed.

Lemma IZR_870 : INR KB = 870.
Proof. unfold KB. rewrite INR_IZR_INZ. reflexivity. Qed.

Lemma zD_pos : (0 < zD)%Z.
Proof. unfold zD. reflexivity. Qed.

(** The block's pair sum: [7 · blocksum <= 870^2] ([blocksum ≈ 107474]). *)
Lemma blocksum_bound : 0 < blocksum /\ 7 * blocksum <= INR KB ^ 2.
Proof.
  rewrite blocksum_Z, IZR_870. destruct zpairs_facts as [Hp Z].
  apply IZR_le in Z. apply IZR_lt in Hp. pose proof (IZR_lt _ _ zD_pos) as HD.
  rewrite !mult_IZR in Z. apply ratio_bound; assumption.
Qed.
