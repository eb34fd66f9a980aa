// SPDX-License-Identifier: MIT
// Checklist step: read frame times from the display and expect the rate to
// change mid-game. A real window (SDL2) shows the walk course, stepped at 120
// steps/s by walk_game_frame's ks_clock. Each frame's length is the time
// between two presented frames (vsync where the display has it, else a sleep
// to the display's refresh rate), so the game follows the display at 60, 144
// or a stalling rate alike; the drawing blends the last two steps (alpha).
//
//   sdl_window [--autoplay] [--seconds S] [--screenshot FILE.bmp]
// Keys: right/left walk, shift sprints, down crouches (a slide at speed), space jumps, Esc quits.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "kickstep/walk.h"

enum { W = 800, H = 450 };
static const double SCALE = 60.0; // pixels per metre

static int sx(double x, double cam_x) { return (int)(W / 3 + (x - cam_x) * SCALE); }
static int sy(double y) { return (int)(H - 80 - y * SCALE); }

static void fill(SDL_Renderer *r, int x0, int y0, int x1, int y1, Uint8 cr, Uint8 cg, Uint8 cb) {
  SDL_Rect rc = {x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, abs(x1 - x0), abs(y1 - y0)};
  SDL_SetRenderDrawColor(r, cr, cg, cb, 255);
  SDL_RenderFillRect(r, &rc);
}

static void draw(SDL_Renderer *r, const walk_game *g, double elapsed) {
  walk_camera cam = walk_game_camera(g); // interpolated between the last two steps
  const walk_floor *f = &g->def.floor;
  fill(r, 0, 0, W, H, 120, 170, 230); // sky
  for (int32_t i = 0; i <= f->risers; i++) { // the floor: one block per segment
    double x0 = i == 0 ? cam.x - 20.0 : f->riser_x[i - 1];
    double x1 = i == f->risers ? cam.x + 20.0 : f->riser_x[i];
    fill(r, sx(x0, cam.x), sy(f->height[i]), sx(x1, cam.x), H, 70, 140, 60);
  }
  double alpha = ks_clock_alpha(&g->clock);
  double feet = g->prev.y + (g->body.y - g->prev.y) * alpha; // the body, feet to eye, 0.5 m wide
  fill(r, sx(cam.x - 0.25, cam.x), sy(feet), sx(cam.x + 0.25, cam.x), sy(cam.y + 0.15), 200, 60, 50);
  for (int m = (int)cam.x - 8; m < (int)cam.x + 12; m++) // a marker every metre
    fill(r, sx(m, cam.x), sy(-0.6), sx(m, cam.x) + 2, sy(-0.9), 240, 240, 240);
  int bar = (int)((W - 40) * (elapsed / WALK_COURSE_SECONDS > 1.0 ? 1.0 : elapsed / WALK_COURSE_SECONDS));
  fill(r, 20, 20, 20 + bar, 30, 250, 210, 60); // simulated time
}

static uint32_t keys_held(void) {
  const Uint8 *k = SDL_GetKeyboardState(NULL);
  uint32_t keys = 0;
  if (k[SDL_SCANCODE_RIGHT]) keys |= WALK_KEY_FORWARD;
  if (k[SDL_SCANCODE_LEFT]) keys |= WALK_KEY_BACK;
  if (k[SDL_SCANCODE_LSHIFT] || k[SDL_SCANCODE_RSHIFT]) keys |= WALK_KEY_SPRINT;
  if (k[SDL_SCANCODE_DOWN]) keys |= WALK_KEY_CROUCH;
  if (k[SDL_SCANCODE_SPACE]) keys |= WALK_KEY_JUMP;
  return keys;
}

int main(int argc, char **argv) {
  int autoplay = 0;
  double seconds = 0.0;
  const char *shot = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--autoplay")) autoplay = 1;
    else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
    else if (!strcmp(argv[i], "--screenshot") && i + 1 < argc) shot = argv[++i];
    else { fprintf(stderr, "usage: sdl_window [--autoplay] [--seconds S] [--screenshot FILE.bmp]\n"); return 2; }
  }
  if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "sdl_window: %s\n", SDL_GetError()); return 1; }
  SDL_Window *win = SDL_CreateWindow("kickstep: walk course", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, W, H, 0);
  SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
  if (!ren && win) ren = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
  if (!ren) { fprintf(stderr, "sdl_window: %s\n", SDL_GetError()); return 1; }
  SDL_DisplayMode mode;
  int hz = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0 ? mode.refresh_rate : 60;

  walk_def def = walk_default_def();
  walk_game g;
  if (walk_game_init(&g, &def) != KS_OK) return 1;
  Uint64 freq = SDL_GetPerformanceFrequency(), start = SDL_GetPerformanceCounter(), last = start;
  int64_t frames = 0;
  double longest = 0.0;
  for (int running = 1; running;) {
    SDL_Event e;
    while (SDL_PollEvent(&e))
      if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) running = 0;
    Uint64 now = SDL_GetPerformanceCounter();
    double frame = (double)(now - last) / (double)freq; // the display's frame time
    last = now;
    if (frame > longest && frames > 0) longest = frame;
    walk_input in = {0, 0, 0.0, 0.0};
    in.keys = autoplay ? walk_course_keys(g.clock.total_steps, def.steps_per_second) : keys_held();
    walk_game_frame(&g, frames == 0 ? 0.0 : frame, &in, NULL); // the clock caps and banks it
    draw(ren, &g, ks_clock_time(&g.clock));
    if (shot && (seconds > 0.0 && (double)(now - start) / (double)freq >= seconds)) {
      SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 24, SDL_PIXELFORMAT_RGB24);
      if (s && SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) == 0) SDL_SaveBMP(s, shot);
      SDL_FreeSurface(s);
    }
    SDL_RenderPresent(ren);
    frames++;
    double spent = (double)(SDL_GetPerformanceCounter() - now) / (double)freq;
    if (spent < 1.0 / hz) SDL_Delay((Uint32)((1.0 / hz - spent) * 1000.0)); // no vsync: keep to the display's rate
    if (seconds > 0.0 && (double)(now - start) / (double)freq >= seconds) running = 0;
  }
  double real = (double)(SDL_GetPerformanceCounter() - start) / (double)freq;
  printf("sdl_window: %lld frames in %.2f s (display %d Hz, longest frame %.1f ms), %lld steps at %d steps/s, x = %.2f m\n",
         (long long)frames, real, hz, longest * 1000.0, (long long)g.clock.total_steps, def.steps_per_second, g.body.x);
  SDL_DestroyRenderer(ren);
  SDL_DestroyWindow(win);
  SDL_Quit();
  return 0;
}
