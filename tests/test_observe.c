/* Observation tensors on the host side (observe.h): a capability too small, without its
 * functions or with a bad shape is refused; a good one gives its shape, count and
 * values. The plugin here is a stub whose "game" is the capability it answers. */
#include "bones_test.h"

#include "bones/observe.h"

#include <string.h>

static const void *stub_extension(const void *game, const char *id)
{
	return strcmp(id, BONES_OBSERVATION_ID) == 0 ? game : NULL;
}

static int shape_2x3(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	(void)game;
	dims[0] = 2;
	dims[1] = 3;
	return 2;
}

static int shape_rank_5(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	(void)game;
	for (int i = 0; i < BONES_OBSERVATION_MAX_RANK; i++)
		dims[i] = 1;
	return 5;
}

static int shape_empty(const void *game, size_t dims[BONES_OBSERVATION_MAX_RANK])
{
	(void)game;
	dims[0] = 0;
	return 1;
}

static void fill_player(const void *game, const void *state, int player, float *values)
{
	(void)game;
	(void)state;
	for (int i = 0; i < 6; i++)
		values[i] = (float)(player * 10 + i);
}

static const bones_plugin stub = {.get_extension = stub_extension};

static void test_observe__a_good_capability_gives_its_shape_and_values(void)
{
	static const bones_observation good = {sizeof good, shape_2x3, fill_player};
	const bones_observation *o = bones_observe_find(&stub, &good);
	CU_ASSERT_PTR_EQUAL(o, &good);
	size_t dims[BONES_OBSERVATION_MAX_RANK], count;
	int rank;
	CU_ASSERT_EQUAL(bones_observe_shape(o, &good, dims, &rank, &count), BONES_OK);
	CU_ASSERT_EQUAL(rank, 2);
	CU_ASSERT_EQUAL(dims[0], 2);
	CU_ASSERT_EQUAL(dims[1], 3);
	CU_ASSERT_EQUAL(count, 6);
	float values[6] = {0};
	bones_observe_fill(o, &good, NULL, 1, values);
	CU_ASSERT_DOUBLE_EQUAL(values[0], 10, 0);
	CU_ASSERT_DOUBLE_EQUAL(values[5], 15, 0);
}

static void test_observe__small_or_incomplete_capabilities_are_absent(void)
{
	static const bones_observation small = {BONES_OBSERVATION_SIZE_1_0 - 1, shape_2x3,
						fill_player};
	static const bones_observation no_fill = {sizeof no_fill, shape_2x3, NULL};
	static const bones_plugin none = {.get_extension = NULL};
	CU_ASSERT_PTR_NULL(bones_observe_find(&stub, &small));
	CU_ASSERT_PTR_NULL(bones_observe_find(&stub, &no_fill));
	CU_ASSERT_PTR_NULL(bones_observe_find(&none, &small));
}

static void test_observe__a_rank_out_of_range_or_an_empty_extent_is_refused(void)
{
	static const bones_observation wide = {sizeof wide, shape_rank_5, fill_player};
	static const bones_observation empty = {sizeof empty, shape_empty, fill_player};
	size_t dims[BONES_OBSERVATION_MAX_RANK], count;
	int rank;
	CU_ASSERT_EQUAL(bones_observe_shape(&wide, &wide, dims, &rank, &count), BONES_EINVAL);
	CU_ASSERT_EQUAL(bones_observe_shape(&empty, &empty, dims, &rank, &count), BONES_EINVAL);
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"a good capability gives its shape and values",
		 test_observe__a_good_capability_gives_its_shape_and_values},
		{"small or incomplete capabilities are absent",
		 test_observe__small_or_incomplete_capabilities_are_absent},
		{"a rank out of range or an empty extent is refused",
		 test_observe__a_rank_out_of_range_or_an_empty_extent_is_refused},
		{NULL, NULL},
	};
	return bones_test_main("observe", cases);
}
