/* Hegemino's domino tables: ids of the 28 double-six dominoes and the market order. */
#include "hegemino.h"

static const uint8_t dom_a[HG_DOMINOES] = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2,
					  2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6};
static const uint8_t dom_b[HG_DOMINOES] = {0, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 2,
					  3, 4, 5, 6, 3, 4, 5, 6, 4, 5, 6, 5, 6, 6};

int hg_dom_a(int id) { return dom_a[id]; }
int hg_dom_b(int id) { return dom_b[id]; }

int hg_dom_id(int a, int b)
{
	if (a > b) {
		int t = a;
		a = b;
		b = t;
	}
	/* ids of row a start at 7a - a(a-1)/2 */
	return 7 * a - a * (a - 1) / 2 + (b - a);
}

/* Non-doubles without zero by higher then lower pips, then doubles 1/1..6/6, then
 * 0/1..0/6, then 0/0 last (docs/games/hegemino.md). */
int hg_market_key(int id)
{
	int a = dom_a[id], b = dom_b[id];
	if (a == 0 && b == 0)
		return 1000;
	if (a == 0)
		return 900 + b;
	if (a == b)
		return 800 + a;
	return 10 * b + a;
}

void hg_market_sort(uint8_t *ids, int n)
{
	for (int i = 1; i < n; i++) {
		uint8_t v = ids[i];
		int j = i - 1;
		while (j >= 0 && hg_market_key(ids[j]) > hg_market_key(v)) {
			ids[j + 1] = ids[j];
			j--;
		}
		ids[j + 1] = v;
	}
}

