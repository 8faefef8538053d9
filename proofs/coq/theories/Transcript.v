(** * The finite-precision transcript bound (the paper's finite-precision theorem;
    docs/math.md §13.10–13.11, docs/formal.md).

    The model ([state], [output]): a deterministic multilayer sketch model over sequences
    of [n] tokens.  Position [p] starts from a state [init p x_p] of its own token; at each
    layer [l < L] it reads one value of a finite cross-token channel, [chan l p] of the list
    of all [n] states, below the alphabet size [K l p], and updates its own state
    deterministically from its state and that value ([upd l p]); its output is [out p] of
    its final state.  Several heads, several layers, sketches of any kind, any local
    computation: all are such models, and the alphabets are all that is counted.  The
    transcript is what crosses between tokens: the channel values.

    The multilevel family ([mlseq], the tokens of [minip readout --multilevel],
    [minip_check::model::multilevel], docs/math.md §13.10): for [q, s], [m = (q + 1) s]
    coordinates in blocks [B_1..B_q] and a common block [C]; query [i] is [1_{B_i} + 1_C],
    key [i] at level [a_i <= s] is [sum_{l <> i} 1_{B_l}] plus the first [a_i] coordinates of
    [B_i]; the sequence of [a in {0..s}^q] is the [q] queries then the [q] keys, length [2q].
    [ml_target]: the Min-IP target at query [i] is [a_i] (every position counted).

    [transcript_bound]: every such model with error below [1/2] at the [q] query positions
    of every sequence of the family has [(s + 1)^q <= prod_{l < L} prod_{i < q} K l i]: the
    channels read by the queries carry at least [q log2(s + 1)] bits.  [transcript_bits]:
    with [b l p]-bit channels, [sum b >= log2_up((s + 1)^q)] (the certificate's
    [lower_bits]).  The proof: outputs at the queries are functions of the (fixed) query
    tokens and of the channel values they read ([state_local]); rounding recovers [a], so
    [a -> transcript] is injective on [(s + 1)^q] assignments, and a transcript takes at most
    [prod K] values ([encp], pigeonhole). *)

From Coq Require Import Reals Lra Lia List Arith Bool.
From Minip Require Import Model Farkas Rank RankBound CodeRank ProductCode Paper.
Import ListNotations.
Open Scope R_scope.

(** ** Counting: products, a mixed-radix code, pigeonhole *)

Fixpoint prodN (k : nat) (f : nat -> nat) : nat :=
  match k with
  | O => 1%nat
  | S k' => (prodN k' f * f k')%nat
  end.

Lemma prodN_ext k f g : (forall i, (i < k)%nat -> f i = g i) -> prodN k f = prodN k g.
Proof.
  induction k as [|k IH]; intro E; simpl; [reflexivity|]. rewrite IH by (intros; apply E; lia).
  rewrite E by lia. reflexivity.
Qed.

(** A tuple [c 0 .. c (k-1)] with [c i < f i], as one number below [prodN k f]. *)
Fixpoint encp (k : nat) (f c : nat -> nat) : nat :=
  match k with
  | O => O
  | S k' => (encp k' f c * f k' + c k')%nat
  end.

Lemma encp_lt k f c : (forall i, (i < k)%nat -> (c i < f i)%nat) -> (encp k f c < prodN k f)%nat.
Proof.
  induction k as [|k IH]; intro Hc; simpl; [lia|].
  specialize (IH ltac:(intros; apply Hc; lia)). pose proof (Hc k ltac:(lia)).
  assert (encp k f c * f k + c k < (encp k f c + 1) * f k)%nat by lia.
  assert ((encp k f c + 1) * f k <= prodN k f * f k)%nat by (apply Nat.mul_le_mono_r; lia). lia.
Qed.

Lemma encp_inj k f c c' : (forall i, (i < k)%nat -> (c i < f i)%nat /\ (c' i < f i)%nat) ->
  encp k f c = encp k f c' -> forall i, (i < k)%nat -> c i = c' i.
Proof.
  induction k as [|k IH]; intros Hc E i Hi; [lia|]. simpl in E.
  destruct (Hc k ltac:(lia)) as [A1 A2].
  destruct (Nat.div_mod_unique (f k) (encp k f c) (encp k f c') (c k) (c' k) A1 A2 ltac:(lia)) as [E1 E2].
  destruct (Nat.eq_dec i k) as [->|Ne]; [exact E2|].
  apply (IH ltac:(intros; apply Hc; lia) E1). lia.
Qed.

Lemma nodup_map_seq (f : nat -> nat) start len :
  (forall a b, (start <= a < start + len)%nat -> (start <= b < start + len)%nat -> f a = f b -> a = b) ->
  NoDup (map f (seq start len)).
Proof.
  revert start; induction len as [|len IH]; intros start Hf; simpl; [constructor|].
  constructor.
  - intro Hin. apply in_map_iff in Hin as (y & Ey & Hy). apply in_seq in Hy.
    assert (y = start) by (apply Hf; lia). lia.
  - apply IH. intros a b Ha Hb E. apply Hf; lia || exact E.
Qed.

(** Pigeonhole: an injective map from [0..N) into [0..M) has [N <= M]. *)
Lemma pigeonhole (N M : nat) (f : nat -> nat) :
  (forall a, (a < N)%nat -> (f a < M)%nat) ->
  (forall a b, (a < N)%nat -> (b < N)%nat -> f a = f b -> a = b) -> (N <= M)%nat.
Proof.
  intros Hb Hi.
  assert (L : (length (map f (seq 0 N)) <= length (seq 0 M))%nat).
  { apply NoDup_incl_length.
    - apply nodup_map_seq. intros a b Ha Hb' E. apply Hi; [lia|lia|exact E].
    - intros y Hy. apply in_map_iff in Hy as (a & <- & Ha). apply in_seq in Ha. apply in_seq.
      specialize (Hb a ltac:(lia)). lia. }
  rewrite map_length, !seq_length in L. exact L.
Qed.

(** ** The model *)
Section Sketch.

Context {Tok St : Type} (n L : nat).
Context (init : nat -> Tok -> St) (K : nat -> nat -> nat) (chan : nat -> nat -> list St -> nat)
        (upd : nat -> nat -> St -> nat -> St) (out : nat -> St -> R).

(** The state of position [p] after [l] layers, on the sequence [X] (positions [0..n-1]). *)
Fixpoint state (l : nat) (X : nat -> Tok) (p : nat) : St :=
  match l with
  | O => init p (X p)
  | S l' => upd l' p (state l' X p) (chan l' p (map (state l' X) (seq 0 n)))
  end.

(** The value position [p] reads at layer [l]: a letter of the channel. *)
Definition chanv (l : nat) (X : nat -> Tok) (p : nat) : nat := chan l p (map (state l X) (seq 0 n)).

Definition output (X : nat -> Tok) (p : nat) : R := out p (state L X p).

(** A position's state is a function of its own token and of the values it has read. *)
Lemma state_local l X X' p : X p = X' p ->
  (forall l', (l' < l)%nat -> chanv l' X p = chanv l' X' p) -> state l X p = state l X' p.
Proof.
  induction l as [|l IH]; intros Ex Ec; simpl; [rewrite Ex; reflexivity|].
  rewrite IH by (exact Ex || (intros; apply Ec; lia)). fold (chanv l X p) (chanv l X' p). rewrite Ec by lia.
  reflexivity.
Qed.

(** What the first [q] positions read, as one number below [prod_{l<L} prod_{i<q} K l i]. *)
Definition transcript (q : nat) (X : nat -> Tok) : nat :=
  encp L (fun l => prodN q (K l)) (fun l => encp q (K l) (chanv l X)).

Hypothesis HK : forall l p (sts : list St), (chan l p sts < K l p)%nat.

Lemma transcript_lt q X : (transcript q X < prodN L (fun l => prodN q (K l)))%nat.
Proof. apply encp_lt. intros l _. apply encp_lt. intros. apply HK. Qed.

Lemma transcript_inj q X X' : transcript q X = transcript q X' ->
  forall l i, (l < L)%nat -> (i < q)%nat -> chanv l X i = chanv l X' i.
Proof.
  intros E l i Hl Hi.
  assert (El : encp q (K l) (chanv l X) = encp q (K l) (chanv l X')).
  { refine (encp_inj L (fun l => prodN q (K l)) (fun l => encp q (K l) (chanv l X))
              (fun l => encp q (K l) (chanv l X')) _ E l Hl).
    intros; split; apply encp_lt; intros; apply HK. }
  refine (encp_inj q (K l) (chanv l X) (chanv l X') _ El i Hi).
  intros; split; apply HK.
Qed.

(** ** Injectivity: [N] instances whose first [q] tokens are the same, with different answer
    vectors (natural numbers), each read within [1/2] at the first [q] positions, have
    [N] different transcripts; so [N <= prod K]. *)
Theorem injectivity (q N : nat) (Xs : nat -> nat -> Tok) (ans : nat -> nat -> nat) :
  (forall a i, (a < N)%nat -> (i < q)%nat -> Xs a i = Xs 0%nat i) ->
  (forall a a', (a < N)%nat -> (a' < N)%nat -> (forall i, (i < q)%nat -> ans a i = ans a' i) -> a = a') ->
  (forall a i, (a < N)%nat -> (i < q)%nat -> Rabs (output (Xs a) i - INR (ans a i)) < 1 / 2) ->
  (N <= prodN L (fun l => prodN q (K l)))%nat.
Proof.
  intros Hq Hd Hc. apply (pigeonhole N _ (fun a => transcript q (Xs a))).
  - intros. apply transcript_lt.
  - intros a a' Ha Ha' E. apply Hd; [exact Ha|exact Ha'|]. intros i Hi.
    assert (So : output (Xs a) i = output (Xs a') i).
    { unfold output. f_equal. apply state_local.
      - rewrite (Hq a i Ha Hi), (Hq a' i Ha' Hi). reflexivity.
      - intros l Hl. apply (transcript_inj q _ _ E); assumption. }
    pose proof (Hc a i Ha Hi) as C1. pose proof (Hc a' i Ha' Hi) as C2. rewrite So in C1.
    apply Rabs_def2 in C1 as [C1a C1b]. apply Rabs_def2 in C2 as [C2a C2b].
    assert (INR (ans a i) - INR (ans a' i) < 1 /\ INR (ans a' i) - INR (ans a i) < 1) as [B1 B2] by lra.
    destruct (Nat.lt_trichotomy (ans a i) (ans a' i)) as [Lt|[Eq|Gt]]; [|exact Eq|].
    + assert (INR (ans a i + 1) <= INR (ans a' i)) by (apply le_INR; lia). rewrite plus_INR in H. simpl in H. lra.
    + assert (INR (ans a' i + 1) <= INR (ans a i)) by (apply le_INR; lia). rewrite plus_INR in H. simpl in H. lra.
Qed.

End Sketch.

(** ** The multilevel family *)

Definition ones (k : nat) : list bool := repeat true k.
Definition zeros (k : nat) : list bool := repeat false k.

(** Block [l] of query [i], and of key [i] at level [a]. *)
Definition qblock (s i l : nat) : list bool := if Nat.eqb l i then ones s else zeros s.
Definition kblock (s i a l : nat) : list bool := if Nat.eqb l i then ones a ++ zeros (s - a)%nat else ones s.

Definition mquery (q s i : nat) : list bool := flat_map (qblock s i) (seq 0 q) ++ ones s.
Definition mkey (q s i a : nat) : list bool := flat_map (kblock s i a) (seq 0 q) ++ zeros s.

(** Position [j] of the sequence of the assignment [a]: the queries, then the keys. *)
Definition mlist (q s : nat) (a : nat -> nat) (j : nat) : list bool :=
  if Nat.ltb j q then mquery q s j else mkey q s (j - q)%nat (a (j - q)%nat).

Definition mlseq (q s : nat) (a : nat -> nat) (j : nat) : tok ((q + 1) * s) := mk _ (mlist q s a j).

Lemma flat_map_length_const {A} (f : A -> list bool) (l : list A) c :
  (forall x, length (f x) = c) -> length (flat_map f l) = (length l * c)%nat.
Proof. intro E. induction l as [|x l IH]; simpl; [reflexivity|]. rewrite app_length, E, IH. lia. Qed.

Lemma mlist_length q s a j : (a (j - q)%nat <= s)%nat -> length (mlist q s a j) = ((q + 1) * s)%nat.
Proof.
  intro Ha. unfold mlist, mquery, mkey. destruct (Nat.ltb j q); rewrite app_length.
  - rewrite (flat_map_length_const _ _ s), seq_length; [unfold ones; rewrite repeat_length; lia|].
    intro l. unfold qblock, ones, zeros. destruct (Nat.eqb l j); apply repeat_length.
  - rewrite (flat_map_length_const _ _ s), seq_length; [unfold zeros; rewrite repeat_length; lia|].
    intro l. unfold kblock, ones, zeros. destruct (Nat.eqb l (j - q)%nat); rewrite ?app_length, !repeat_length; lia.
Qed.

(** Overlaps of concatenated blocks of equal lengths add up. *)
Lemma ovn_flat_map {A} (f g : A -> list bool) (l : list A) :
  (forall x, length (f x) = length (g x)) ->
  ovn (flat_map f l) (flat_map g l) = list_sum (map (fun x => ovn (f x) (g x)) l).
Proof.
  intro E. induction l as [|x l IH]; simpl; [reflexivity|]. rewrite ovn_app by apply E. rewrite IH. reflexivity.
Qed.

Lemma ovn_zeros_r k l : ovn l (repeat false k) = 0%nat.
Proof. revert l; induction k as [|k IH]; intros [|c l]; simpl; try reflexivity. rewrite IH. destruct c; reflexivity. Qed.

Lemma ovn_ones_l l : ovn (repeat true (length l)) l = ovn l l.
Proof. induction l as [|c l IH]; simpl; [reflexivity|]. rewrite IH. destruct c; reflexivity. Qed.

Lemma ovn_ones k : ovn (ones k) (ones k) = k.
Proof. unfold ones. induction k as [|k IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma ovn_ones_level s a : (a <= s)%nat -> ovn (ones s) (ones a ++ zeros (s - a)%nat) = a.
Proof.
  intro Ha. replace s with (length (ones a ++ zeros (s - a)%nat)) at 1
    by (unfold ones, zeros; rewrite app_length, !repeat_length; lia).
  unfold ones at 1. rewrite ovn_ones_l, ovn_app by reflexivity. unfold zeros. rewrite ovn_zeros_l, ovn_ones. lia.
Qed.

(** A sum over blocks that vanishes off block [i]. *)
Lemma sum_single (f : nat -> nat) (i q : nat) : (i < q)%nat -> (forall l, l <> i -> f l = 0%nat) ->
  list_sum (map f (seq 0 q)) = f i.
Proof.
  intros Hi Hf. assert (G : forall start len, list_sum (map f (seq start len))
                             = if (start <=? i) && (i <? start + len) then f i else 0%nat).
  { intros start len. revert start; induction len as [|len IH]; intro start; simpl.
    - destruct (Nat.leb_spec start i), (Nat.ltb_spec i (start + 0)); simpl; lia.
    - rewrite IH. destruct (Nat.eq_dec start i) as [->|Ne].
      + destruct (Nat.leb_spec (S i) i), (Nat.ltb_spec i (S i + len)), (Nat.leb_spec i i),
                 (Nat.ltb_spec i (i + S len)); simpl; lia.
      + rewrite (Hf start Ne).
        destruct (Nat.leb_spec start i), (Nat.leb_spec (S start) i), (Nat.ltb_spec i (start + S len)),
                 (Nat.ltb_spec i (S start + len)); simpl; lia. }
  rewrite G. rewrite (proj2 (Nat.leb_le 0 i)), (proj2 (Nat.ltb_lt i (0 + q))) by lia. reflexivity.
Qed.

Section Family.

Context (q s : nat) (a : nat -> nat).
Hypothesis Ha : forall i, (i < q)%nat -> (a i <= s)%nat.

Let X := mlseq q s a.

Lemma blocks_len (f g : nat -> list bool) : (forall l, length (f l) = s) -> (forall l, length (g l) = s) ->
  forall l, length (f l) = length (g l).
Proof. intros Ef Eg l. rewrite Ef, Eg. reflexivity. Qed.

Lemma qblock_len i l : length (qblock s i l) = s.
Proof. unfold qblock, ones, zeros. destruct (Nat.eqb l i); apply repeat_length. Qed.

Lemma kblock_len i c l : (c <= s)%nat -> length (kblock s i c l) = s.
Proof. intro Hc. unfold kblock, ones, zeros. destruct (Nat.eqb l i); rewrite ?app_length, !repeat_length; lia. Qed.

Lemma flat_len (f : nat -> list bool) : (forall l, length (f l) = s) -> length (flat_map f (seq 0 q)) = (q * s)%nat.
Proof. intro E. rewrite (flat_map_length_const _ _ s E), seq_length. reflexivity. Qed.

Lemma ov_qq i j : (i < q)%nat -> (j < q)%nat ->
  ovn (mquery q s i) (mquery q s j) = (if Nat.eqb i j then s + s else s)%nat.
Proof.
  intros Hi Hj. unfold mquery. rewrite ovn_app by (rewrite !flat_len; [reflexivity|apply qblock_len..]).
  rewrite ovn_flat_map by (apply blocks_len; apply qblock_len). rewrite ovn_ones.
  rewrite (sum_single _ i q Hi).
  - unfold qblock. rewrite Nat.eqb_refl. destruct (Nat.eqb_spec i j) as [->|Ne]; [rewrite ovn_ones; lia|].
    unfold ones, zeros. rewrite ovn_zeros_r. lia.
  - intros l Hl. unfold qblock. rewrite (proj2 (Nat.eqb_neq l i) Hl). unfold zeros. apply ovn_zeros_l.
Qed.

Lemma ov_qk i j c : (i < q)%nat -> (c <= s)%nat ->
  ovn (mquery q s i) (mkey q s j c) = (if Nat.eqb i j then c else s)%nat.
Proof.
  intros Hi Hc. unfold mquery, mkey.
  rewrite ovn_app by (rewrite !flat_len; [reflexivity|intro; apply kblock_len; exact Hc|apply qblock_len]).
  rewrite ovn_flat_map by (intro l; rewrite qblock_len, kblock_len by exact Hc; reflexivity).
  unfold zeros. rewrite ovn_zeros_r, Nat.add_0_r.
  rewrite (sum_single _ i q Hi).
  - unfold qblock, kblock. rewrite Nat.eqb_refl. destruct (Nat.eqb_spec i j) as [->|Ne].
    + apply ovn_ones_level. exact Hc.
    + apply ovn_ones.
  - intros l Hl. unfold qblock. rewrite (proj2 (Nat.eqb_neq l i) Hl). unfold zeros. apply ovn_zeros_l.
Qed.

Lemma X_val j : (j < q + q)%nat -> proj1_sig (X j) = mlist q s a j.
Proof.
  intro Hj. unfold X, mlseq. apply mk_val, Nat.eqb_eq, mlist_length.
  destruct (Nat.ltb_spec j q); [|apply Ha; lia].
  (* a query position: the level is not read; [j - q = 0] *)
  replace (j - q)%nat with 0%nat by lia. destruct q; [lia|]. apply Ha. lia.
Qed.

(** The Min-IP target at query [i] of the sequence of [a] is [a_i] (docs/math.md §13.10,
    Proposition 13.10). *)
Theorem ml_target i : (i < q)%nat -> ptarget ((q + 1) * s) (2 * q) X i = INR (a i).
Proof.
  intro Hi. unfold ptarget. apply minN_eq.
  - intros j Hj. unfold tov. rewrite !X_val by lia. apply le_INR. unfold mlist.
    rewrite (proj2 (Nat.ltb_lt i q) Hi).
    destruct (Nat.ltb_spec j q).
    + rewrite ov_qq by assumption. pose proof (Ha i Hi). destruct (Nat.eqb i j); lia.
    + rewrite ov_qk by (try apply Ha; lia). pose proof (Ha i Hi).
      destruct (Nat.eqb_spec i (j - q)%nat) as [->|Ne]; lia.
  - exists (q + i)%nat. split; [lia|]. unfold tov. rewrite !X_val by lia. f_equal. unfold mlist.
    rewrite (proj2 (Nat.ltb_lt i q) Hi), (proj2 (Nat.ltb_ge (q + i) q)) by lia.
    replace (q + i - q)%nat with i by lia. rewrite ov_qk by (try apply Ha; lia). rewrite Nat.eqb_refl. reflexivity.
Qed.

(** The queries do not depend on the assignment. *)
Lemma ml_queries i : (i < q)%nat -> X i = mlseq q s (fun _ => O) i.
Proof. intro Hi. unfold X, mlseq, mlist. rewrite (proj2 (Nat.ltb_lt i q) Hi). reflexivity. Qed.

End Family.

(** ** Assignments numbered: the digits of [N < (s+1)^q] in base [s + 1] *)

Local Open Scope nat_scope.

Definition digit (s N i : nat) : nat := (N / (s + 1) ^ i) mod (s + 1).

Lemma digit_le s N i : (digit s N i <= s)%nat.
Proof. unfold digit. pose proof (Nat.mod_upper_bound (N / (s + 1) ^ i) (s + 1) ltac:(lia)). lia. Qed.

Lemma digit_S s N i : digit s N (S i) = digit s (N / (s + 1)) i.
Proof.
  unfold digit. rewrite Nat.div_div by (try apply Nat.pow_nonzero; lia). reflexivity.
Qed.

Lemma digits_inj s q N N' : (N < (s + 1) ^ q)%nat -> (N' < (s + 1) ^ q)%nat ->
  (forall i, (i < q)%nat -> digit s N i = digit s N' i) -> N = N'.
Proof.
  revert N N'; induction q as [|q IH]; intros N N' HN HN' Hd; [simpl in *; lia|].
  assert (E : N / (s + 1) = N' / (s + 1)).
  { apply IH.
    - apply Nat.div_lt_upper_bound; [lia|]. simpl in HN. lia.
    - apply Nat.div_lt_upper_bound; [lia|]. simpl in HN'. lia.
    - intros i Hi. rewrite <- !digit_S. apply Hd. lia. }
  assert (E0 : N mod (s + 1) = N' mod (s + 1)).
  { pose proof (Hd 0%nat ltac:(lia)) as D. unfold digit in D. rewrite Nat.pow_0_r, !Nat.div_1_r in D. exact D. }
  rewrite (Nat.div_mod N (s + 1)), (Nat.div_mod N' (s + 1)) by lia. rewrite E, E0. reflexivity.
Qed.

Local Open Scope R_scope.

(** ** The transcript bound: every deterministic multilayer sketch model on sequences of
    length [2q] over [{0,1}^((q+1)s)] with finite channels, correct (error below [1/2]) at
    the [q] query positions of every sequence of the multilevel family, has
    [(s + 1)^q <= prod_{l<L} prod_{i<q} K l i]: the channels the queries read carry
    [q log2(s + 1)] bits at least. *)
Theorem transcript_bound (q s : nat) {St : Type} (L : nat)
  (init : nat -> tok ((q + 1) * s) -> St) (K : nat -> nat -> nat) (chan : nat -> nat -> list St -> nat)
  (upd : nat -> nat -> St -> nat -> St) (out : nat -> St -> R) :
  (forall l p sts, (chan l p sts < K l p)%nat) ->
  (forall a : nat -> nat, (forall i, (i < q)%nat -> (a i <= s)%nat) ->
     forall i, (i < q)%nat ->
       Rabs (output (2 * q) L init chan upd out (mlseq q s a) i
             - ptarget ((q + 1) * s) (2 * q) (mlseq q s a) i) < 1 / 2) ->
  ((s + 1) ^ q <= prodN L (fun l => prodN q (K l)))%nat.
Proof.
  intros HK Hc.
  apply (injectivity (2 * q) L init K chan upd out HK q ((s + 1) ^ q)
           (fun N => mlseq q s (digit s N)) (fun N i => digit s N i)).
  - intros N i _ Hi. rewrite (ml_queries q s (digit s N) i Hi), (ml_queries q s (digit s 0) i Hi).
    reflexivity.
  - intros N N' HN HN' E. apply (digits_inj s q N N' HN HN' E).
  - intros N i _ Hi. rewrite <- (ml_target q s (digit s N) (fun i _ => digit_le s N i) i Hi).
    apply Hc; [intros; apply digit_le|exact Hi].
Qed.

(** With channels of [b l p] bits ([K l p = 2^(b l p)]): the bits the queries read are at
    least [log2_up((s + 1)^q)] (the [lower_bits] of [minip-multilevel/1]), i.e.
    [q log2(s + 1)] rounded up. *)
Fixpoint sumNat (k : nat) (f : nat -> nat) : nat :=
  match k with O => O | S k' => (sumNat k' f + f k')%nat end.

Lemma prodN_pow2 k (f : nat -> nat) : prodN k (fun i => 2 ^ f i)%nat = (2 ^ sumNat k f)%nat.
Proof. induction k as [|k IH]; simpl; [reflexivity|]. rewrite IH, Nat.pow_add_r. reflexivity. Qed.

Theorem transcript_bits (q s : nat) {St : Type} (L : nat)
  (init : nat -> tok ((q + 1) * s) -> St) (b : nat -> nat -> nat) (chan : nat -> nat -> list St -> nat)
  (upd : nat -> nat -> St -> nat -> St) (out : nat -> St -> R) :
  (forall l p sts, (chan l p sts < 2 ^ b l p)%nat) ->
  (forall a : nat -> nat, (forall i, (i < q)%nat -> (a i <= s)%nat) ->
     forall i, (i < q)%nat ->
       Rabs (output (2 * q) L init chan upd out (mlseq q s a) i
             - ptarget ((q + 1) * s) (2 * q) (mlseq q s a) i) < 1 / 2) ->
  (Nat.log2_up ((s + 1) ^ q) <= sumNat L (fun l => sumNat q (b l)))%nat.
Proof.
  intros HK Hc. pose proof (transcript_bound q s L init (fun l p => 2 ^ b l p)%nat chan upd out HK Hc) as T.
  rewrite (prodN_ext L _ (fun l => 2 ^ sumNat q (b l))%nat) in T.
  - rewrite prodN_pow2 in T. apply Nat.log2_up_le_pow2; [apply Nat.neq_0_lt_0, Nat.pow_nonzero; lia|exact T].
  - intros l _. apply prodN_pow2.
Qed.
