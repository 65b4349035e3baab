/* The SPRT of engine testing; see bones/sprt.h. */
#include "bones/sprt.h"

#include "bones/i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double expected_score(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

static bool parse_number(const char *text, double *out)
{
	char *end;
	double v = strtod(text, &end);
	if (end == text || *end || !isfinite(v))
		return false;
	*out = v;
	return true;
}

bones_status bones_sprt_parse(const char *text, bones_sprt *out, char *why, size_t whycap)
{
	bones_sprt s = {.elo0 = NAN, .elo1 = NAN, .alpha = 0.05, .beta = 0.05};
	char buf[256], *save = NULL;
	snprintf(buf, sizeof buf, "%s", text);
	for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(w, '=');
		double *slot = NULL, v;
		if (eq) {
			*eq = '\0';
			slot = !strcmp(w, "elo0")    ? &s.elo0
			       : !strcmp(w, "elo1")  ? &s.elo1
			       : !strcmp(w, "alpha") ? &s.alpha
			       : !strcmp(w, "beta")  ? &s.beta
						     : NULL;
		}
		if (!slot) {
			snprintf(why, whycap, _("'%s': expected elo0=E elo1=E [alpha=P] [beta=P]"), w);
			return BONES_EINVAL;
		}
		if (!parse_number(eq + 1, &v)) {
			snprintf(why, whycap, _("%s: '%s' is not a number"), w, eq + 1);
			return BONES_EINVAL;
		}
		*slot = v;
	}
	if (isnan(s.elo0) || isnan(s.elo1) || s.elo0 >= s.elo1) {
		snprintf(why, whycap, _("needs elo0 < elo1 (e.g. elo0=0 elo1=5)"));
		return BONES_EINVAL;
	}
	if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5)) {
		snprintf(why, whycap, _("alpha and beta must lie between 0 and 0.5"));
		return BONES_EINVAL;
	}
	*out = s;
	return BONES_OK;
}

void bones_sprt_add(bones_sprt_totals *t, double score)
{
	t->n += 1;
	t->sum += score;
	t->sumsq += score * score;
}

void bones_sprt_evaluate(const bones_sprt *s, const bones_sprt_totals *t,
			 bones_sprt_state *out)
{
	double s0 = expected_score(s->elo0), s1 = expected_score(s->elo1);
	double mean = t->n > 0 ? t->sum / t->n : 0;
	double var = t->n > 0 ? t->sumsq / t->n - mean * mean : 0;
	out->lower = log(s->beta / (1 - s->alpha));
	out->upper = log((1 - s->beta) / s->alpha);
	out->score = mean;
	out->results = t->n;
	out->llr = var > 1e-12 ? t->n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var) : 0;
	out->verdict = out->llr >= out->upper	? BONES_SPRT_H1
		       : out->llr <= out->lower ? BONES_SPRT_H0
						: BONES_SPRT_RUNNING;
}

const char *bones_sprt_verdict_name(bones_sprt_verdict v)
{
	/* English for report.json; bones_sprt_format translates them */
	return v == BONES_SPRT_H1   ? N_("H1 accepted")
	       : v == BONES_SPRT_H0 ? N_("H0 accepted")
				    : N_("running");
}

size_t bones_sprt_format(const bones_sprt *s, const bones_sprt_state *st, const char *unit,
			 char *buf, size_t cap)
{
	int n = snprintf(buf, cap,
			 !strcmp(unit, "pairs")
				 /* TRANSLATORS: the SPRT's summary; A's score is a share of 0..1 */
				 ? _("SPRT elo0=%g elo1=%g alpha=%g beta=%g: %s: LLR %.2f in (%.2f, "
				     "%.2f), A scored %.3f over %.0f pairs")
				 : _("SPRT elo0=%g elo1=%g alpha=%g beta=%g: %s: LLR %.2f in (%.2f, "
				     "%.2f), A scored %.3f over %.0f games"),
			 s->elo0, s->elo1, s->alpha, s->beta,
			 _(bones_sprt_verdict_name(st->verdict)), st->llr, st->lower, st->upper,
			 st->score, st->results);
	return n < 0 ? 0 : (size_t)n;
}
