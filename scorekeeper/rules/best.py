"""New evenings seated with fewer repeated pairs than `seating`'s search finds within its bound (#35: under a second
of CPU), each found once, offline, by the search of commit 3218f28 (with no bound) or by `seating._Search`
weighing up to 6 million swaps, the tables of 3 or 5 in turn (`seating.fair`). `seating.plan` seats a new evening
of exactly one of these sizes by it; tests/rules/test_seating.py verifies each (every rule the search keeps, the
repeats as stored).
"""
from __future__ import annotations

from string import ascii_lowercase, ascii_uppercase, digits

from .designs import Design

SEAT = digits + ascii_lowercase + ascii_uppercase  # player i written as SEAT[i], from 0 to 60 players


def _rounds(text: str) -> Design:
    """The rounds written one a line, the tables apart by spaces, each player one character of SEAT."""
    return tuple(tuple(tuple(map(SEAT.index, table)) for table in line.split())
                 for line in text.strip().splitlines())


# (players, rounds): (repeated pairs, the rounds of tables of players numbered from 0)
BEST: dict[tuple[int, int], tuple[int, Design]] = {
    # the bounded search: 18, the search of 3218f28: 18
    (17, 4): (17, _rounds("""
g721 c4a9 63e5 d0b8f
0da1 9feb c86g 43572
1b84 2d7c f503 a96ge
620b 8ea7 g4fd c9135
""")),
    # the bounded search: 37, the search of 3218f28: 37
    (17, 6): (36, _rounds("""
d872 460e 93f5 bgca1
fc1e 0ga6 d89b 72354
3194 5c2a g7eb 0d68f
b036 4c8a d751 g2f9e
0162 7a9f d4cg b38e5
e3ad f42b 1g85 790c6
""")),
    # the bounded search: 10, the search of 3218f28: 10
    (18, 6): (6, _rounds("""
g07b 3d5a h62f 4c9 1e8
ae4f b986 c01d h73 5g2
4217 c5h8 eg39 fdb 0a6
de57 b9ah 8402 316 fgc
e6c7 30f8 hga1 b45 9d2
32cb g46d f195 h0e 8a7
""")),
    # the bounded search: 23, the search of 3218f28: 22
    (18, 7): (19, _rounds("""
31bg 6987 c45h 2a0 fed
ea46 dgf0 7251 83h 9bc
ce80 2bdh 9af3 174 56g
106c g48b fha7 95d 23e
be5a g092 3c7d 1f4 68h
19eh 643d 5f82 70b cag
d18a 3h05 b6fc eg7 294
""")),
    # the bounded search: 24, the search of 3218f28: 24
    (19, 7): (18, _rounds("""
b6ai 0hd3 5f42 1ec8 9g7
fc73 gea5 169h d4b8 2i0
b0g1 fid9 c2ah 5876 43e
f60e 398a cgi4 1d72 5bh
8fgh 470a 9e2b 531i 6dc
74hb 50c9 8die 62g3 af1
hie7 gad5 c3bf 9416 082
""")),
    # the bounded search: 26, the search of 3218f28: 25
    (20, 7): (20, _rounds("""
0g4a 8532 jhbf d167 9eic
8190 ed3j ha65 fg7c 4bi2
51jg d2f9 i37a 4he8 06bc
2eg6 5b79 cj8a f431 di0h
igad 5ef0 378b 2c1h 946j
c306 8dbg 9af2 15ji he74
1eab 7j02 39gh 5c4d 6if8
""")),
    # the bounded search: 15, the search of 3218f28: 12
    (21, 6): (12, _rounds("""
c76g ek30 f1b5 2d8j a49ih
i568 h432 0fa7 19cj bkdge
dc3a k847 beji g9fh 01562
4ce5 6kh1 2abg 0di9 8fj73
fd64 72e9 3i1g a5kj b0h8c
5dh7 69b3 j4g0 8a1e k2fci
""")),
    # the bounded search: 36, the search of 3218f28: 36
    (21, 7): (33, _rounds("""
7jfk 0348 6bc1 2eai 9gdh5
g6e7 d21a b5f3 4h9j c0i8k
4big 918a f5ch kde0 3627j
8725 cajg hk06 d93i b4ef1
24ch 6d8f g31k j5ie 0b79a
i71h 2f0g bdj8 39ce 5ak64
ai6f 9kb2 d4c7 j501 ehg83
""")),
    # the bounded search: 63, the search of 3218f28: 62
    (21, 8): (62, _rounds("""
fjk9 e7gh 458a bd20 613ci
4f01 cadi kg32 56hj 7eb98
7a1c 28ei 6fgb 0953 hkj4d
6d74 3j8e 90ch bik1 2f5ga
ckb5 26e9 7f43 h8d1 gaij0
kae0 1d9g f6c8 i5j7 2hb43
j1b2 ec4g f5ih d93a k6078
6bha cj27 g038 4k9i 51edf
""")),
    # the bounded search: 10, the search of 3218f28: 10
    (22, 7): (7, _rounds("""
89ch la10 24ke ifj7 bd6 5g3
d5ik l936 1fb4 gea8 7c0 2hj
a752 3fcd k6h0 bgj9 e4l i18
gc45 lhib 761e 20d8 9fa k3j
0j4d k9g1 3b87 hef5 ai6 l2c
l7dg 3ah4 1j6c 29ie fk8 0b5
jl58 akcb ie30 fg62 1dh 974
""")),
    # the bounded search: 25, the search of 3218f28: 25
    (22, 8): (20, _rounds("""
106l agjf c397 528i k4d beh
h2gc 7l84 3ejk bd69 1f5 ia0
a1dh 74i6 kgb5 9f0e 8cj 2l3
ea54 icb1 2jd0 f3hl 76g 8k9
4a92 7kh0 eg81 iblj 635 fcd
ac6k 27bf 58d0 413j gl9 hei
l5ce 3dig hf86 921k b04 7ja
9j5h 7eld a3b8 g40c fik 612
""")),
    # the bounded search: 25, the search of 3218f28: 25
    (23, 8): (21, _rounds("""
f07e 8ca9 dh65 lm1i gk2j 43b
24lc ia36 j715 d9eg mkb0 hf8
59fl km7a 3d60 8j4b i2he cg1
ifaj 4m96 1h0k 3g85 elbc 27d
5ic0 ahg4 7b19 dlk8 3fm2 e6j
hc3j 52ba g6l7 em80 1f4d 9ki
e4k5 6182 jcmd 9h73 igfb la0
lbdh 90j2 4i78 ck6f 3e1a g5m
""")),
    # the bounded search: 1, the search of 3218f28: 1
    (25, 6): (0, _rounds("""
785e 1ofc k69i 4blh ja30 d2gnm
e0o2 d9h5 ialn kgc7 fbmj 64381
5m3c id8f egl6 2jk4 n10h 97aob
3ldo nkb8 067m 51a2 9g4f iehcj
j1d7 8gah mo4i 9ne3 2cb6 f0k5l
on65 ekam l89j 04cd g1bi 7f3h2
""")),
    # the bounded search: 14, the search of 3218f28: 12
    (25, 7): (10, _rounds("""
a48l k659 b1hg 0njo iec2 7m3fd
io3k dbc5 67aj gm8n 2lfh 109e4
jh93 5km1 i7g4 nled 0acf 86bo2
oe75 nb43 9m2a f81i 06hd ckjlg
4dk2 163c 9ogf ejbm l708 hni5a
127n i6l9 j8d5 eag3 bkf0 ocm4h
4j6f n7c9 1doa 8khe imbl 5023g
""")),
    # the bounded search: 38, the search of 3218f28: 37
    (25, 8): (30, _rounds("""
k1lm 9fi0 835n ehb6 2ocd 4ag7j
o6k7 n9ge afd1 8l4h 302j 5mcbi
5g01 hcan m634 jdio 9b7l fek82
j3kb 54of ce71 h2gi 89am dl0n6
if7n k0c4 gd8b mjle 562a 139ho
3eai ogkn 29l5 f4b6 1j8c h0m7d
0oba 6i18 n72m h5jk d9e4 glcf3
mhfg 57d3 08eo cj96 ailk 214nb
""")),
    # the bounded search: 2, the search of 3218f28: 2
    (26, 7): (0, _rounds("""
fina 7516 jb92 kl40 8d3m hoc gpe
og79 dlc5 1n0p ij6e 84hb mfk 2a3
ode2 68a0 phm9 nk5g c3bf i7l 1j4
i28k 7pjc 1h3e 46fo algm 905 bdn
42n7 k9a1 3p5i gjdf b0mo 8ec 6lh
d6pk o18l 9i4c e7ba 2hf5 mjn 30g
b1ig 3koj e9ln 07dh 6cm2 pf8 45a
""")),
    # the bounded search: 13, the search of 3218f28: 12
    (26, 8): (8, _rounds("""
lo54 2bgh 9eac 1i3n k6m0 7j8 pdf
hj0f pnb4 la73 189g 6d2c me5 kio
ek2f mb3d jni9 o84h 5p7c 0g1 a6l
5f1b kgdj o6ep an08 m7il 3ch 429
9mhp 7146 e8id goaf j352 l0b nck
nm2o 97bk 43e0 flc8 i5g6 h1d paj
8pk3 a12m d095 6lnh bojc e7g f4i
mc4g 1jle 7nfd 02ip 5ahk 86b 39o
""")),
    # the bounded search: 5, the search of 3218f28: 5
    (29, 7): (2, _rounds("""
1sqa 7i2c knhl 538b pjrg o4ed 9mf06
42s9 cel0 hr3o fni8 mjda 6pbq 57g1k
9lbg a480 epki 16dr 7qmh f523 jonsc
s730 qrkc ogim la65 jf4b e9n1 p2hd8
o7p9 m21b fdks 6ej8 acgh n5r0 il34q
o1lf 02qj 6hsi 8c9k ndg3 4m5p rbea7
n746 bdi0 3c1p 2aok jh95 gqef lms8r
""")),
    # the bounded search: 19, the search of 3218f28: 15
    (29, 8): (13, _rounds("""
p982 d7ln 3icb 1e4o gk0r smfa hq56j
8gl6 ecmq jr21 spo3 9ha7 5ni0 kf4db
6aok 2lq4 9efj 3g5d i1mh p7b0 8scnr
p6nq 7fri jdco kh2e 58ba s4gm 3l091
rbol 8jdm 40hn 5c9k 62f3 7sq1 pgaie
9i64 8pk1 njbg lchf aqr3 sed0 52m7o
02ac nf15 4378 q9go hdpr 6mbe jklsi
80fo 3knm sbh9 4jap i2dq 5elr 6c1g7
""")),
    # the bounded search: 7, the search of 3218f28: 5
    (33, 8): (3, _rounds("""
2uib sq81 gh64 9kjp fwnm etod vc7a 50lr3
e6v9 m3g1 j4sl cw8o rpfu nia5 02dk t7qhb
jrgi n7k6 1p5w 4emb v0ho t3u8 lq2c ds9fa
q4au 3bc6 tmrv 09i1 whdj klfe o57s 2npg8
6qid tn40 85vf kshm 3opa lgb9 rw72 1ecju
u9m5 nobr 7jf3 pq0e h12a gcst d86l 4wivk
qw93 eihf d5c4 k8ra ntl1 7ug0 bpvs m26jo
ch9r nvud s2e3 08bj taw6 f4o1 q5gk lpmi7
""")),
    # the bounded search: 1, the search of 3218f28: 0
    (37, 8): (0, _rounds("""
bva5 gp4t kqh3 ls7n udmi 9cor 0x18 wf6e 2yjzA
ngeA uy56 kfm1 r3z4 d2sp xojw b7q9 at0c ihlv8
8azm 042o lrte p6h9 1sAu qwiy 37vg bdjk nf5cx
shea A7ic yp83 vjq4 l90f 25kt mrwn zuxb dog61
hAwd 1lp5 rbf2 m7oy jt86 scgq zn0v x3ei k4au9
aqol 8dec ni41 v29m 5hz7 6Ar0 fjup kygx w3bts
9ydt c1bh ajn3 xA4l 2w7u sv6k 5rg8 ofzi m0qep
zpwk 632c i50s fyh4 gblm j1e9 qu8n tovA r7xad
""")),
}
