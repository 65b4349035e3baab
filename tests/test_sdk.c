/* The SDK helpers: RNG reproducibility, hex corners as docs/games/holomino.md defines them, regions. */
#include "bones_test.h"

#include "bones/grid.h"
#include "bones/hex.h"

static void test_sdk__one_seed_reproduces_one_sequence(void)
{
	bones_rng a, b, c;
	bones_rng_seed(&a, 42);
	bones_rng_seed(&b, 42);
	bones_rng_seed(&c, 43);
	int differ = 0;
	for (int i = 0; i < 1000; i++) {
		uint64_t x = bones_rng_next(&a);
		CU_ASSERT_EQUAL(x, bones_rng_next(&b));
		differ += x != bones_rng_next(&c);
	}
	CU_ASSERT(differ > 990);
}

static void test_sdk__rng_below_is_in_range_and_covers_it(void)
{
	bones_rng r;
	int seen[7] = {0};
	bones_rng_seed(&r, 7);
	for (int i = 0; i < 7000; i++) {
		uint32_t v = bones_rng_below(&r, 7);
		CU_ASSERT_FATAL(v < 7);
		seen[v]++;
	}
	for (int i = 0; i < 7; i++)
		CU_ASSERT(seen[i] > 800 && seen[i] < 1200);
}

static void test_sdk__rng_pick_follows_the_probabilities(void)
{
	const double probs[3] = {0.5, 0.25, 0.25};
	int seen[3] = {0};
	bones_rng r;
	bones_rng_seed(&r, 3);
	for (int i = 0; i < 8000; i++)
		seen[bones_rng_pick(&r, probs, 3)]++;
	CU_ASSERT(seen[0] > 3700 && seen[0] < 4300);
	CU_ASSERT(seen[1] > 1700 && seen[1] < 2300);
	CU_ASSERT(seen[2] > 1700 && seen[2] < 2300);
	CU_ASSERT_EQUAL(bones_rng_pick(&r, probs, 1), 0);
}

/* docs/games/holomino.md: "corner c1 of H is corner c3 of H+d1 and corner c5 of H+d2". */
static void test_sdk__odd_corner_c1_is_c3_and_c5_of_its_neighbours(void)
{
	bones_hex h = {2, -3};
	bones_hex_vertex v = bones_hex_corner(h, 1);
	bones_hex_vertex a = bones_hex_corner(bones_hex_neighbour(h, 1), 3);
	bones_hex_vertex b = bones_hex_corner(bones_hex_neighbour(h, 2), 5);
	CU_ASSERT(bones_hex_equal(v.cell, a.cell) && v.kind == a.kind);
	CU_ASSERT(bones_hex_equal(v.cell, b.cell) && v.kind == b.kind);
}

/* Every corner is shared by three cells, and its screen position agrees in all three. */
static void test_sdk__every_corner_is_shared_by_three_cells_at_one_point(void)
{
	bones_hex h = {0, 0};
	for (int c = 0; c < 6; c++) {
		bones_hex_vertex v = bones_hex_corner(h, c);
		float hx, hy, dx, dy;
		bones_hex_center(h, &hx, &hy);
		bones_hex_corner_offset(c, &dx, &dy);
		int owners = 0;
		for (int dir = 0; dir < 6; dir++) {
			bones_hex n = bones_hex_neighbour(h, dir);
			for (int k = 0; k < 6; k++) {
				bones_hex_vertex w = bones_hex_corner(n, k);
				if (!bones_hex_equal(v.cell, w.cell) || v.kind != w.kind)
					continue;
				float nx, ny, ex, ey;
				bones_hex_center(n, &nx, &ny);
				bones_hex_corner_offset(k, &ex, &ey);
				CU_ASSERT_DOUBLE_EQUAL(hx + dx, nx + ex, 1e-4);
				CU_ASSERT_DOUBLE_EQUAL(hy + dy, ny + ey, 1e-4);
				CU_ASSERT_EQUAL(k & 1, c & 1);
				owners++;
			}
		}
		CU_ASSERT_EQUAL(owners, 2);
	}
}

static void test_sdk__components_of_a_grid_are_labelled_with_sizes(void)
{
	const bool in[5 * 3] = {1, 1, 0, 1, 1,
				0, 1, 0, 0, 1,
				1, 0, 0, 1, 1};
	int labels[15], sizes[15], stack[15];
	int n = bones_grid_components(in, 5, 3, labels, sizes, stack);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL(sizes[labels[0]], 3);
	CU_ASSERT_EQUAL(sizes[labels[3]], 5);
	CU_ASSERT_EQUAL(sizes[labels[10]], 1);
	CU_ASSERT_EQUAL(labels[2], -1);
}

static void test_sdk__bbox_grows_to_contain_points(void)
{
	bones_bbox b = bones_bbox_empty();
	CU_ASSERT_EQUAL(bones_bbox_width(b), 0);
	b = bones_bbox_add(b, 2, 3);
	b = bones_bbox_add(b, -1, 5);
	CU_ASSERT_EQUAL(bones_bbox_width(b), 4);
	CU_ASSERT_EQUAL(bones_bbox_height(b), 3);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"one seed reproduces one sequence", test_sdk__one_seed_reproduces_one_sequence},
		{"rng below is in range and covers it", test_sdk__rng_below_is_in_range_and_covers_it},
		{"rng pick follows the probabilities", test_sdk__rng_pick_follows_the_probabilities},
		{"odd corner c1 is c3 and c5 of its neighbours", test_sdk__odd_corner_c1_is_c3_and_c5_of_its_neighbours},
		{"every corner is shared by three cells at one point", test_sdk__every_corner_is_shared_by_three_cells_at_one_point},
		{"components of a grid are labelled with sizes", test_sdk__components_of_a_grid_are_labelled_with_sizes},
		{"bbox grows to contain points", test_sdk__bbox_grows_to_contain_points},
		{NULL, NULL}};
	return bones_test_main("sdk", cases);
}
