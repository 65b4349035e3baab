[Game "holomino"]
[PluginVersion "1.0.0"]
[Preset "holomino"]
[Options "players=2 pool_size=3 scoring=sum digits=6 unique_digits=true max_extent=0"]
[Seed "5"]
[Players "2"]
[Player1 "greedy"]
[Player2 "greedy"]
[Date "2026-11-24"]
[Result "ranks 2 1; scores 71 101"]

1. chance draw:142
2. chance draw:136
3. chance draw:146
4. chance draw:456
5. chance draw:164
6. chance draw:163
7. chance draw:236
8. chance draw:345
9. p1 146@1,0
10. chance draw:156
11. p2 164@1,1
12. chance draw:263
13. p1 345@2,-1
14. chance draw:246
15. p2 246@1,-1 ; hole: 2 + 4 + 6 = 12
16. chance draw:253
17. p1 263@2,-2 ; hole: 6 + 3 + 4 = 13
18. chance draw:126
19. p2 126@1,-2
20. chance draw:264
21. p1 142@3,-3
22. chance draw:354
23. p2 354@-1,1
24. chance draw:254
25. p1 136@3,-2 ; hole: 1 + 3 + 2 = 6
26. chance draw:465
27. p2 465@3,-1 ; hole: 6 + 5 + 3 = 14
28. chance draw:265
29. p1 254@-2,2
30. chance draw:162
31. p2 162@4,-2
32. chance draw:123
33. p1 264@-1,2 ; hole: 4 + 2 + 5 = 11
34. chance draw:143
35. p2 143@-3,3
36. chance draw:134
37. p1 123@2,-3 ; hole: 1 + 2 + 6 = 9
38. chance draw:132
39. p2 132@-2,3 ; hole: 2 + 1 + 4 = 7
40. chance draw:234
41. p1 234@3,-4 ; hole: 3 + 4 + 2 = 9
42. chance draw:135
43. p2 163@-1,3 ; hole: 6 + 3 + 2 = 11
44. chance draw:145
45. p1 145@2,0 ; hole: 5 + 1 + 4 = 10
46. chance draw:124
47. p2 124@4,-1 ; hole: 2 + 4 + 6 = 12
48. chance draw:364
49. p1 253@-1,0
50. chance draw:365
51. p2 135@5,-3
52. chance draw:256
53. p1 364@-2,4
54. chance draw:154
55. p2 156@-3,4 ; hole: 6 + 1 + 3 = 10
56. chance draw:235
57. p1 256@5,-4
58. chance draw:165
59. p2 365@-4,4 ; hole: 5 + 3 + 1 = 9
60. chance draw:152
61. p1 265@0,-2
62. chance draw:356
63. p2 356@6,-3
64. chance draw:153
65. p1 152@4,0
66. chance draw:245
67. p2 456@6,-4 ; hole: 5 + 6 + 3 = 14
68. chance draw:243
69. p1 243@5,-2 ; hole: 3 + 2 + 1 = 6
70. chance draw:346
71. p2 154@6,-2 ; hole: 5 + 4 + 3 = 12
72. chance draw:125
73. p1 134@5,-1 ; hole: 4 + 1 + 2 = 7
74. p2 245@3,1
75. p1 153@-1,-2
76. p2 346@7,-5
77. p1 235@8,-6
78. p2 165@-5,5
