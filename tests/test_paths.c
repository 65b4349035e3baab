/* bones_make_dirs: mkdir -p for output folders (tournaments, records). */
#include "bones_test.h"

#include "bones/paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void test_paths__missing_parents_are_created(void)
{
	char path[512];
	snprintf(path, sizeof path, "%s/a/b//c/", root);
	CU_ASSERT_FALSE(is_dir(path));
	CU_ASSERT_TRUE(bones_make_dirs(path));
	CU_ASSERT_TRUE(is_dir(path));
	CU_ASSERT_TRUE(bones_make_dirs(path)); /* existing: still true */
}

static void test_paths__a_file_in_the_way_is_an_error(void)
{
	char file[512], path[600];
	snprintf(file, sizeof file, "%s/file", root);
	FILE *f = fopen(file, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fclose(f);
	CU_ASSERT_FALSE(bones_make_dirs(file));
	CU_ASSERT_EQUAL(errno, ENOTDIR);
	snprintf(path, sizeof path, "%s/sub", file);
	CU_ASSERT_FALSE(bones_make_dirs(path));
	CU_ASSERT_EQUAL(errno, ENOTDIR);
	CU_ASSERT_FALSE(bones_make_dirs(""));
}

int main(void)
{
	static const bones_test_case cases[] = {
		{"missing parents are created", test_paths__missing_parents_are_created},
		{"a file in the way is an error", test_paths__a_file_in_the_way_is_an_error},
		{NULL, NULL}};
	const char *tmp = getenv("TMPDIR");
	snprintf(root, sizeof root, "%s/bones-test-paths-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root))
		return 1;
	int rc = bones_test_main("paths", cases);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	return system(cmd) ? 1 : rc;
}
