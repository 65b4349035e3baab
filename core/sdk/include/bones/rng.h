/* The host's random number generator: xoshiro256** seeded through splitmix64.
 * Header-only so plugins and the host share one definition; a seed reproduces every
 * sequence bit for bit on every platform. */
#ifndef BONES_RNG_H
#define BONES_RNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bones_rng {
	uint64_t s[4]; /* never all zero */
} bones_rng;

static inline uint64_t bones_rng__splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Seed from one 64-bit value (any value, zero included). */
static inline void bones_rng_seed(bones_rng *rng, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		rng->s[i] = bones_rng__splitmix(&seed);
}

static inline uint64_t bones_rng__rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* The next uniform 64-bit value. */
static inline uint64_t bones_rng_next(bones_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = bones_rng__rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = bones_rng__rotl(s[3], 45);
	return result;
}

/* Adapter for bones_plugin.resample's next_random(void *). */
static inline uint64_t bones_rng_next_void(void *rng)
{
	return bones_rng_next((bones_rng *)rng);
}

/* Uniform integer in [0, n), n >= 1, without modulo bias (Lemire's method). */
static inline uint32_t bones_rng_below(bones_rng *rng, uint32_t n)
{
	uint64_t m = (uint64_t)(uint32_t)bones_rng_next(rng) * n;
	if ((uint32_t)m < n) {
		uint32_t threshold = (uint32_t)(-n) % n;
		while ((uint32_t)m < threshold)
			m = (uint64_t)(uint32_t)bones_rng_next(rng) * n;
	}
	return (uint32_t)(m >> 32);
}

/* Uniform double in [0, 1). */
static inline double bones_rng_double(bones_rng *rng)
{
	return (double)(bones_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* Index in [0, n) drawn with the given probabilities (summing to 1), e.g. a chance
 * outcome from legal_moves(); the last index absorbs rounding. n >= 1. */
static inline size_t bones_rng_pick(bones_rng *rng, const double *probs, size_t n)
{
	double u = bones_rng_double(rng), acc = 0;
	size_t i = 0;
	for (; i + 1 < n; i++) {
		acc += probs[i];
		if (u < acc)
			break;
	}
	return i;
}

/* Uniform integer in [0, n) from any next_random function (for resample hooks). */
static inline uint32_t bones_random_below(uint64_t (*next_random)(void *), void *rng,
					  uint32_t n)
{
	return (uint32_t)(((next_random(rng) >> 32) * (uint64_t)n) >> 32);
}

#ifdef __cplusplus
}
#endif
#endif /* BONES_RNG_H */
