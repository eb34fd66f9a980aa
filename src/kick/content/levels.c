// SPDX-License-Identifier: MIT
/* The World Tour: six worlds of five levels as constant data, their setups
   and their star rules. The table is documented in docs/levels.md; keep the
   two together. */
#include "kickstep/kick_levels.h"
#include "kickstep/dmath.h"

#define WIND(mean, bearing, gust, swirl, seed) {(mean), (bearing), (gust), (swirl), (seed)}
#define CALM WIND(0.0, 0.0, 0.0, 0.0, 1u)
#define RING(x, y, z, r, motion, amp, period, phase) {(x), (y), (z), (r), (motion), (amp), (period), (phase)}
#define STAR(goal, moments, rings, notouch, vmin, vmax, text) \
  {(goal), (moments), 0u, (rings), 0, (notouch), (vmin), (vmax), (text)}
#define STARX(goal, any, all, rings, rings_min, notouch, vmin, vmax, text) \
  {(goal), (any), (all), (rings), (rings_min), (notouch), (vmin), (vmax), (text)}
#define AIM(x, y, v, b) {(x), (y), (v), (b)}

#define GOAL_ONLY STAR(true, 0u, 0u, 0u, 0.0, 0.0, "Score")
#define M(x) ((uint32_t)KICK_MOMENT_##x)

/* Keepers of the tour (name, character). */
#define SUNNY "Sunny Adeyemi"     /* plain: a Sunday-league keeper, slow to read */
#define RAFA "Rafa Ortega"        /* the showman: shuffles 0.24 m either way on a 2.2 s cycle */
#define MAGS "Mags Lindqvist"     /* the learner: reads the side your last eight shots went */
#define BJORN "Bjorn Haldane"     /* plain: a tall, steady storm-coast keeper */
#define TOMASZ "Tomasz Brandt"    /* plain: the stadium veteran, quick and sure-handed */
#define IDRIS "Idris"             /* the penalty specialist: reads early, with half the error */

#define PLAIN KICK_KEEPER_PLAIN
#define SHOWMAN KICK_KEEPER_SHOWMAN
#define LEARNER KICK_KEEPER_LEARNER
#define SPECIALIST KICK_KEEPER_SPECIALIST
#define NOKEEPER KICK_KEEPER_NONE

#define STATIC KICK_RING_STATIC
#define SLIDE KICK_RING_SLIDE
#define BOB KICK_RING_BOB
#define KEEPER_TOUCH ((uint32_t)KICK_TOUCH_KEEPER)
#define WOOD_TOUCH ((uint32_t)KICK_TOUCH_WOODWORK)

static const kick_level levels[KICK_WORLD_COUNT * KICK_LEVELS_PER_WORLD] = {
  /* ------------------------------------------------ world 1: Sunday League */
  {"1-1", "First Touch", 1, 1, "Sunday League", "An empty goal and a ring: find your swipe.",
   0.0, -16.0, false, CALM, NOKEEPER, "", 0.5, 0.3, 0, 0u, 0.0,
   1, {RING(0.0, 1.2, 0.0, 0.9, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score through the ring"),
    STAR(true, M(ROCKET), 0u, 0u, 0.0, 0.0, "Score a rocket (30 m/s or more)")},
   AIM(-2.9, 0.3, 22.0, -0.5)},
  {"1-2", "Meet Sunny", 1, 2, "Sunday League", "Sunny Adeyemi is slow off his line. Pick a side.",
   -2.0, -18.0, false, CALM, PLAIN, SUNNY, 0.45, 0.3, 0, 0u, 0.0,
   1, {RING(-2.6, 1.0, 0.0, 0.7, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score through the ring"),
    STAR(true, 0u, 1u, KEEPER_TOUCH, 0.0, 0.0, "Through the ring, untouched by Sunny")},
   AIM(-2.9, 0.3, 30.0, -0.5)},
  {"1-3", "Two-Man Wall", 1, 3, "Sunday League", "Two in the wall. Bend it round them.",
   0.0, -20.0, false, CALM, PLAIN, SUNNY, 0.5, 0.28, 2, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler"),
    STAR(true, M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "Score in the top corner")},
   AIM(-0.8, 0.9, 22.0, -0.5)},
  {"1-4", "Breeze", 1, 4, "Sunday League", "A light breeze across the park and a ring on the move.",
   3.0, -20.0, false, WIND(2.0, 1.57, 0.2, 0.1, 14u), PLAIN, SUNNY, 0.5, 0.28, 3, 0u, 0.0,
   1, {RING(-2.2, 1.4, 0.0, 0.75, SLIDE, 1.0, 3.0, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score through the sliding ring"),
    STAR(true, M(CURLER), 0u, KEEPER_TOUCH, 0.0, 0.0, "Score a curler Sunny never touches")},
   AIM(2.9, 0.3, 22.0, -0.5)},
  {"1-5", "Cup Tie", 1, 5, "Sunday League", "The big man from the next village keeps goal.",
   -4.0, -22.0, false, WIND(1.5, 0.3, 0.2, 0.1, 15u), PLAIN, TOMASZ, 0.6, 0.25, 3, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "Score in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, 0u, 28.0, 0.0, "Top corner at 28 m/s or more")},
   AIM(-2.9, 1.9, 22.0, 0.5)},

  /* ------------------------------------------------- world 2: Harbour Town */
  {"2-1", "Harbour Lights", 2, 1, "Harbour Town", "A sea breeze and a bobbing ring by the far post.",
   0.0, -18.0, false, WIND(3.0, 0.5, 0.3, 0.2, 21u), PLAIN, SUNNY, 0.55, 0.28, 0, 0u, 0.0,
   1, {RING(2.6, 1.2, 0.0, 0.65, BOB, 0.5, 2.5, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score through the bobbing ring"),
    STAR(true, 0u, 1u, KEEPER_TOUCH, 0.0, 0.0, "Through the ring, untouched")},
   AIM(2.4, 0.3, 22.0, -0.5)},
  {"2-2", "Rafa's Dance", 2, 2, "Harbour Town", "Rafa Ortega shuffles on his line. Time your strike.",
   0.0, -20.0, false, WIND(1.0, 0.0, 0.2, 0.1, 22u), SHOWMAN, RAFA, 0.6, 0.25, 0, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(ROCKET), 0u, 0u, 0.0, 0.0, "Score in the top corner or with a rocket"),
    STAR(true, 0u, 0u, KEEPER_TOUCH, 30.0, 0.0, "A rocket Rafa never touches")},
   AIM(2.9, 1.9, 33.0, -0.5)},
  {"2-3", "Sea Wall", 2, 3, "Harbour Town", "Four in the wall from the left of the box.",
   5.0, -21.0, false, WIND(2.0, -0.4, 0.3, 0.2, 23u), SHOWMAN, RAFA, 0.62, 0.25, 4, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler"),
    STARX(true, 0u, M(CURLER) | M(TOP_CORNER), 0u, 0, 0u, 0.0, 0.0, "Score a curler in the top corner")},
   AIM(-2.9, 0.3, 22.0, 0.5)},
  {"2-4", "Gull's Flight", 2, 4, "Harbour Town", "A ring glides high over the wall.",
   -6.0, -24.0, false, WIND(4.0, -0.8, 0.4, 0.3, 24u), SHOWMAN, RAFA, 0.64, 0.25, 3, 0u, 0.0,
   1, {RING(-3.5, 2.9, -10.0, 0.9, SLIDE, 1.2, 3.0, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score through the gliding ring"),
    STAR(true, M(TOP_CORNER), 1u, 0u, 0.0, 0.0, "Through the ring and into the top corner")},
   AIM(-1.6, 0.9, 26.0, -0.5)},
  {"2-5", "The Pier", 2, 5, "Harbour Town", "Rain on the boards, a wall of four, Rafa at his best.",
   0.0, -26.0, true, WIND(3.0, 3.0, 0.4, 0.2, 25u), SHOWMAN, RAFA, 0.7, 0.22, 4, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH | WOOD_TOUCH, 0.0, 0.0, "Top corner, clean: no keeper, no woodwork")},
   AIM(0.0, 1.5, 30.0, 0.0)},

  /* ------------------------------------------------ world 3: Mountain Pass */
  {"3-1", "Thin Air", 3, 1, "Mountain Pass", "A long way out and nobody in the way.",
   0.0, -28.0, false, WIND(1.0, 0.2, 0.2, 0.1, 31u), PLAIN, BJORN, 0.6, 0.25, 0, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(ROCKET), 0u, 0u, 0.0, 0.0, "Score a rocket"),
    STAR(true, M(ROCKET) | M(TOP_CORNER), 0u, KEEPER_TOUCH, 0.0, 0.0, "A rocket or top corner, untouched")},
   AIM(-2.9, 1.5, 22.0, 0.5)},
  {"3-2", "Switchback", 3, 2, "Mountain Pass", "A tight angle from the left and a keeper who remembers.",
   10.0, -18.0, false, CALM, LEARNER, MAGS, 0.6, 0.25, 3, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH, 0.0, 0.0, "Top corner, untouched by Mags")},
   AIM(1.6, 1.9, 26.0, 0.0)},
  {"3-3", "Cloud Rings", 3, 3, "Mountain Pass", "Two rings bob in the corners like clouds.",
   0.0, -22.0, false, WIND(2.0, 0.0, 0.3, 0.2, 33u), LEARNER, MAGS, 0.62, 0.25, 0, 0u, 0.0,
   2, {RING(-2.7, 1.5, 0.0, 0.6, BOB, 0.4, 2.8, 0.0), RING(2.7, 1.5, 0.0, 0.6, BOB, 0.4, 2.8, 3.14159)},
   {GOAL_ONLY, STARX(true, 0u, 0u, 0u, 1, 0u, 0.0, 0.0, "Score through either ring"),
    STARX(true, 0u, 0u, 0u, 1, KEEPER_TOUCH, 27.0, 0.0, "Through a ring at 27 m/s or more, untouched")},
   AIM(-2.9, 0.3, 22.0, 0.5)},
  {"3-4", "Avalanche", 3, 4, "Mountain Pass", "Five in the wall and snow on the wind.",
   8.0, -25.0, false, WIND(3.0, 2.0, 0.5, 0.3, 34u), LEARNER, MAGS, 0.68, 0.24, 5, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(CURLER) | M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(CURLER), 0u, KEEPER_TOUCH, 0.0, 0.0, "A curler Mags never touches")},
   AIM(2.4, 0.3, 22.0, 0.0)},
  {"3-5", "Summit", 3, 5, "Mountain Pass", "Thirty metres, a wall of four and two of them jump.",
   0.0, -30.0, false, WIND(2.0, 0.0, 0.4, 0.2, 35u), LEARNER, MAGS, 0.72, 0.24, 4, 0x6u, 1.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(ROCKET) | M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "A rocket or top corner"),
    STAR(true, M(ROCKET), 0u, KEEPER_TOUCH, 0.0, 0.0, "A rocket, untouched")},
   AIM(-2.4, 1.9, 26.0, 0.5)},

  /* -------------------------------------------------- world 4: Storm Coast */
  {"4-1", "Drizzle", 4, 1, "Storm Coast", "A wet pitch: low shots skid on.",
   2.0, -18.0, true, WIND(3.0, 2.8, 0.4, 0.2, 41u), PLAIN, BJORN, 0.62, 0.25, 0, 0u, 0.0,
   1, {RING(-2.7, 0.5, 0.0, 0.6, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score low through the ring"),
    STAR(true, 0u, 1u, KEEPER_TOUCH, 27.0, 0.0, "Low through the ring at 27 m/s, untouched")},
   AIM(-2.9, 0.3, 26.0, -0.5)},
  {"4-2", "Crosswind", 4, 2, "Storm Coast", "The wind blows hard from right to left.",
   0.0, -22.0, false, WIND(6.0, 1.57, 0.6, 0.5, 42u), PLAIN, BJORN, 0.64, 0.25, 3, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH, 0.0, 0.0, "Top corner, untouched")},
   AIM(-0.8, 0.3, 22.0, 0.0)},
  {"4-3", "Spray", 4, 3, "Storm Coast", "Spray off the sea and a ring sliding along the line.",
   -5.0, -20.0, true, WIND(5.0, 2.3, 0.7, 0.4, 43u), SHOWMAN, RAFA, 0.65, 0.25, 0, 0u, 0.0,
   1, {RING(0.0, 1.3, 0.0, 0.7, SLIDE, 2.2, 4.0, 0.0)},
   {GOAL_ONLY, STAR(true, 0u, 1u, 0u, 0.0, 0.0, "Score through the sliding ring"),
    STAR(true, 0u, 1u, KEEPER_TOUCH, 0.0, 0.0, "Through the ring, untouched by Rafa")},
   AIM(2.9, 0.3, 30.0, -0.5)},
  {"4-4", "Thunder Road", 4, 4, "Storm Coast", "Twenty-five metres into the gusts on a sodden pitch.",
   2.0, -25.0, true, WIND(7.0, 2.9, 1.0, 0.5, 44u), SHOWMAN, RAFA, 0.7, 0.22, 0, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(ROCKET), 0u, 0u, 0.0, 0.0, "Score in the top corner or with a rocket"),
    STAR(true, M(ROCKET), 0u, KEEPER_TOUCH, 0.0, 0.0, "A rocket through the storm, untouched")},
   AIM(0.0, 1.5, 26.0, -0.5)},
  {"4-5", "Lighthouse", 4, 5, "Storm Coast", "Wind, rain, and two of the wall jump.",
   0.0, -27.0, true, WIND(4.5, 2.5, 0.8, 0.4, 45u), PLAIN, BJORN, 0.7, 0.22, 4, 0x9u, 1.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(CURLER), 0u, KEEPER_TOUCH, 28.0, 0.0, "A curler at 28 m/s or more, untouched")},
   AIM(-1.6, 0.3, 26.0, 0.0)},

  /* ------------------------------------------------ world 5: Grand Stadium */
  {"5-1", "Floodlights", 5, 1, "Grand Stadium", "The lights are on. Three in the wall.",
   0.0, -20.0, false, CALM, PLAIN, TOMASZ, 0.72, 0.22, 3, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH, 0.0, 0.0, "Top corner, untouched")},
   AIM(-2.4, 0.9, 22.0, -0.5)},
  {"5-2", "Set Piece", 5, 2, "Grand Stadium", "A wall of four that jumps. Go over it, or under it.",
   -3.0, -22.0, false, CALM, PLAIN, TOMASZ, 0.75, 0.2, 4, 0xfu, 1.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH | WOOD_TOUCH, 0.0, 0.0, "Top corner, clean")},
   AIM(-2.9, 0.3, 22.0, 0.0)},
  {"5-3", "Near Post", 5, 3, "Grand Stadium", "Wide on the right. Rafa guards his near post.",
   -12.0, -17.0, false, WIND(1.0, 0.0, 0.2, 0.1, 53u), SHOWMAN, RAFA, 0.78, 0.2, 3, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(CURLER) | M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(CURLER), 0u, KEEPER_TOUCH, 0.0, 0.0, "A curler Rafa never touches")},
   AIM(-1.6, 1.9, 26.0, 0.0)},
  {"5-4", "Hoops", 5, 4, "Grand Stadium", "Half-time show: three rings on the move.",
   0.0, -24.0, false, CALM, LEARNER, MAGS, 0.75, 0.22, 4, 0u, 0.0,
   3, {RING(-2.6, 1.4, 0.0, 0.6, SLIDE, 0.6, 2.4, 0.0), RING(2.6, 1.4, 0.0, 0.6, BOB, 0.5, 2.0, 1.0),
       RING(0.0, 3.1, -9.0, 0.8, SLIDE, 1.5, 3.2, 0.5)},
   {GOAL_ONLY, STARX(true, 0u, 0u, 0u, 1, 0u, 0.0, 0.0, "Score through a ring"),
    STARX(true, 0u, 0u, 0u, 2, 0u, 0.0, 0.0, "Score through two rings")},
   AIM(-1.6, 1.9, 30.0, 0.0)},
  {"5-5", "Derby", 5, 5, "Grand Stadium", "Five in the wall, three jump, Tomasz on his toes.",
   -6.0, -28.0, false, WIND(3.0, 0.4, 0.4, 0.3, 55u), PLAIN, TOMASZ, 0.8, 0.2, 5, 0x15u, 1.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH, 29.0, 0.0, "Top corner at 29 m/s, untouched")},
   AIM(2.4, 1.5, 30.0, -0.5)},

  /* ------------------------------------------------------ world 6: The Cup */
  {"6-1", "Group Stage", 6, 1, "The Cup", "The tournament starts. Four in the wall.",
   0.0, -21.0, false, WIND(1.5, 0.0, 0.3, 0.2, 61u), PLAIN, BJORN, 0.78, 0.2, 4, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH, 0.0, 0.0, "Top corner, untouched")},
   AIM(-2.9, 0.3, 22.0, -0.5)},
  {"6-2", "Quarter-Final", 6, 2, "The Cup", "Mags has studied your last eight shots.",
   -7.0, -23.0, false, WIND(2.0, -0.5, 0.4, 0.2, 62u), LEARNER, MAGS, 0.8, 0.2, 4, 0x3u, 1.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(CURLER) | M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(CURLER), 0u, KEEPER_TOUCH, 0.0, 0.0, "A curler, untouched")},
   AIM(0.8, 0.9, 26.0, -0.5)},
  {"6-3", "Semi-Final", 6, 3, "The Cup", "Rafa again, and a wall of five in a swirling wind.",
   -2.0, -26.0, false, WIND(4.0, 0.8, 0.6, 0.6, 63u), SHOWMAN, RAFA, 0.82, 0.2, 5, 0x1fu, 0.6,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER) | M(CURLER), 0u, 0u, 0.0, 0.0, "Score a curler or in the top corner"),
    STAR(true, M(TOP_CORNER), 0u, KEEPER_TOUCH | WOOD_TOUCH, 0.0, 0.0, "Top corner, clean")},
   AIM(-2.9, 1.5, 26.0, -0.5)},
  {"6-4", "Extra Time", 6, 4, "The Cup", "Thirty metres on heavy legs, a heavy pitch, two of the wall jump.",
   0.0, -30.0, true, WIND(3.5, 3.1, 0.5, 0.3, 64u), PLAIN, TOMASZ, 0.8, 0.2, 4, 0x6u, 1.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(ROCKET) | M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "A rocket or top corner"),
    STAR(true, M(ROCKET), 0u, KEEPER_TOUCH, 0.0, 0.0, "A rocket, untouched")},
   AIM(-2.9, 0.3, 22.0, 0.5)},
  {"6-5", "The Final", 6, 5, "The Cup", "A penalty against Idris, the specialist, rated 0.9.",
   0.0, -11.0, false, CALM, SPECIALIST, IDRIS, 0.9, 0.2, 0, 0u, 0.0,
   0, {RING(0.0, 1.2, 0.0, 0.5, STATIC, 0.0, 2.0, 0.0)},
   {GOAL_ONLY, STAR(true, M(TOP_CORNER), 0u, 0u, 0.0, 0.0, "Score in the top corner"),
    STAR(true, M(PANENKA) | M(ROCKET), 0u, 0u, 0.0, 0.0, "Beat Idris with a Panenka or a rocket")},
   AIM(-2.9, 0.3, 26.0, -0.5)},
};

static int32_t popcount32(uint32_t v) {
  int32_t n = 0;
  while (v) {
    v &= v - 1u;
    n++;
  }
  return n;
}

int32_t kick_level_count(void) { return (int32_t)(sizeof levels / sizeof levels[0]); }

const kick_level *kick_level_at(int32_t i) {
  if (i < 0 || i >= kick_level_count()) return NULL;
  return &levels[i];
}

static char lower_ascii(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

static bool same_text(const char *a, const char *b, bool fold) {
  size_t i = 0;
  for (; a[i] && b[i]; i++) {
    char x = fold ? lower_ascii(a[i]) : a[i];
    char y = fold ? lower_ascii(b[i]) : b[i];
    if (x != y) return false;
  }
  return a[i] == b[i];
}

int32_t kick_level_find(const char *key) {
  if (!key) return -1;
  for (int32_t i = 0; i < kick_level_count(); i++)
    if (same_text(levels[i].id, key, false) || same_text(levels[i].name, key, true)) return i;
  return -1;
}

ks_status kick_level_lookup(const char *key, int32_t *index) {
  if (!key || !index) return KS_ERR_NULL;
  int32_t i = kick_level_find(key);
  if (i < 0) return KS_ERR_NOT_FOUND;
  *index = i;
  return KS_OK;
}

ks_status kick_level_setup(const kick_level *lv, uint64_t match_seed, uint64_t kick_number, kick_setup *out) {
  if (!lv || !out) return KS_ERR_NULL;
  kick_setup su = kick_setup_default();
  su.spot_x = lv->spot_x;
  su.spot_z = lv->spot_z;
  su.pitch = kick_pitch_default(lv->wet);
  su.wind = lv->wind;
  su.keeper.kind = lv->keeper_kind;
  su.keeper.rating = lv->keeper_rating;
  su.keeper.reaction_s = lv->keeper_reaction_s;
  if (lv->wall_count > 0) {
    kick_setup_wall_at(&su, lv->wall_count);
    su.wall.jump_mask = lv->wall_jump_mask;
    su.wall.jump_chance = lv->wall_jump_chance;
  }
  if (lv->ring_count < 0 || lv->ring_count > KICK_RING_MAX) return KS_ERR_RANGE;
  su.ring_count = lv->ring_count;
  for (int32_t i = 0; i < lv->ring_count; i++) su.rings[i] = lv->rings[i];
  su.match_seed = match_seed;
  su.kick_number = kick_number;
  ks_status st = kick_setup_validate(&su);
  if (st != KS_OK) return st;
  *out = su;
  return KS_OK;
}

bool kick_star_rule_met(const kick_star_rule *r, const kick_shot *s) {
  if (!r || !s || s->outcome == KICK_OUTCOME_NONE) return false;
  if (r->need_goal && s->outcome != KICK_OUTCOME_GOAL) return false;
  if (r->moments_any != 0u && (s->moments & r->moments_any) == 0u) return false;
  if ((s->moments & r->moments_all) != r->moments_all) return false;
  if ((s->ring_hits & r->rings_all) != r->rings_all) return false;
  if (popcount32(s->ring_hits) < r->rings_min) return false;
  if ((s->contact_flags & r->no_touch) != 0u) return false;
  if (r->min_speed_mps > 0.0 && !(s->stats.launch_speed >= r->min_speed_mps)) return false;
  if (r->max_speed_mps > 0.0 && !(s->stats.launch_speed <= r->max_speed_mps)) return false;
  return true;
}

int32_t kick_level_stars(const kick_level *lv, const kick_shot *s) {
  if (!lv || !s || s->outcome == KICK_OUTCOME_NONE) return 0;
  int32_t n = 0;
  for (int32_t i = 0; i < KICK_STAR_COUNT; i++) {
    if (!kick_star_rule_met(&lv->stars[i], s)) break;
    n++;
  }
  return n;
}
