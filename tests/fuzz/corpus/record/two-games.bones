[Game "dominoes"]
[PluginVersion "1.0.0"]
[Options "players=2 hand_size=0 variant=block"]
[Seed "5612717480047163321"]
[Players "2"]
[Player1 "greedy-williams"]
[Player2 "random-fellow"]
[Date "2026-11-24"]
[Result "ranks 1 2; scores 0 8"]
[Event "three"]
[Round "1"]
[Table "1"]
; tournament three, round 1, game 1

1. chance deal:4-6
2. chance deal:0-5
3. chance deal:1-3
4. chance deal:1-2
5. chance deal:4-4
6. chance deal:2-4
7. chance deal:5-5
8. chance deal:0-3
9. chance deal:0-2
10. chance deal:0-6
11. chance deal:6-6
12. chance deal:3-3
13. chance deal:2-3
14. chance deal:1-1
15. p1 6-6
16. p2 0-6:L
17. p1 0-2:L
18. p2 1-2:L
19. p1 1-3:L
20. p2 0-3:L
21. p1 4-6:R
22. p2 0-5:L
23. p1 4-4:R
24. p2 2-4:R
25. p1 5-5:L
26. p2 pass
27. p1 2-3:R ; domino by P1: pips left P1 0, P2 8

[Game "dominoes"]
[PluginVersion "1.0.0"]
[Options "players=2 hand_size=0 variant=block"]
[Seed "8702928545104425796"]
[Players "2"]
[Player1 "greedy-williams"]
[Player2 "mcts"]
[Date "2026-11-24"]
[Result "ranks 2 1; scores 18 10"]
[Event "three"]
[Round "1"]
[Table "2"]
; tournament three, round 1, game 2

1. chance deal:3-3
2. chance deal:2-3
3. chance deal:4-4
4. chance deal:2-2
5. chance deal:1-3
6. chance deal:3-5
7. chance deal:1-2
8. chance deal:1-1
9. chance deal:1-5
10. chance deal:0-2
11. chance deal:0-6
12. chance deal:0-3
13. chance deal:6-6
14. chance deal:0-1
15. p1 6-6
16. p2 pass
17. p1 0-6:L
18. p2 0-3:L
19. p1 3-3:L
20. p2 2-3:L
21. p1 1-2:L
22. p2 0-1:L
23. p1 pass
24. p2 0-2:L
25. p1 pass
26. p2 2-2:L
27. p1 pass
28. p2 pass ; blocked: pips left P1 18, P2 10

