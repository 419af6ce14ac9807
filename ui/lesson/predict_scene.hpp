#pragma once
// The picture predict mode shows while the audience guesses: the lanes of the
// warp about to run a collective or atomic, the input values as they are
// before the step, a row of question marks where the results will appear
// (the guesses written into it as they come, a shfl's guessed source lanes as
// dashed arrows), and after the reveal the true answers with each guess marked
// right or wrong. Lane boxes carry the ids "w<warp>-lane<l>" for hit-testing.
#include "ui/lesson/predict.hpp"
#include "ui/scene/scene.hpp"
#include "ui/scene/theme.hpp"

namespace ws::ui {

class Session;

// `s` is the session the round was made on: before the reveal it stands at
// the round's position (inputs are read from it), after it one step further.
// `pickedLane`: the destination lane the person has selected and is about to
// give a source for (-1 = none), drawn with a ring.
Scene buildPredictScene(const PredictRound& round, const Session& s, const Theme& theme, int pickedLane = -1);

}  // namespace ws::ui
