#pragma once
// The Examples gallery: every bundled scenario with its title and
// description, read from scenarios/<lesson>/*.toml, in a stable order, for
// the front ends' "Examples" lists; and the course (scenarios/course.toml):
// the lessons unit by unit in teaching order, each with its goal.
#include <string>
#include <vector>

#include "ui/session/scenario_access.hpp"  // bundledScenarioDir

namespace ws::ui {

struct GalleryEntry {
  std::string path;         // the .toml file
  std::string name;         // "shfl-butterfly" or "ub-deadlock/strict"
  std::string topic;        // the lesson directory's first word: "shfl", "ub", ...
  std::string title;        // the scenario's title, or its name when it has none
  std::string description;  // markdown; the first paragraph makes a good subtitle
  std::string goal;         // the file's one-line goal (format 2), or ""
  std::vector<std::string> prerequisites;  // lesson names
  std::string variant;      // the file's stem in a lesson of several ("strict", "fixed"); "" for scenario.toml
  std::string error;        // set when the file is not readable TOML (still listed)
};

// Scenarios under `dir`: each subdirectory's *.toml files, sorted by name.
// A missing directory gives an empty list.
std::vector<GalleryEntry> listGallery(const std::string& dir);


// One lesson directory: a scenario.toml, or several files taught together
// (strict + hardware, buggy + fixed + found, ...).
struct GalleryLesson {
  std::string name;   // the directory: "ub-deadlock"
  std::string title;  // one file's title; for several, the title they share (without "(strict)")
  std::string goal;   // the lesson's goal, else the first paragraph of its description
  std::vector<std::string> prerequisites;
  std::vector<GalleryEntry> files;  // scenario / strict / hardware / buggy / fixed / found first, then by title
  std::string error;  // the first file error, if any
};

// What a gallery shows for one file of a lesson of several: its variant,
// and its own title where it says more than the lesson's ("fixed: The lost
// update fixed: atomicAdd", "hardware: on an H100: a hang").
std::string variantCaption(const GalleryLesson& lesson, const GalleryEntry& file);

struct GalleryUnit {
  std::string id;     // course.toml's id; "" for the lessons outside the course
  std::string title;  // "Shuffles"; "More" (or "All lessons" without a course)
  std::string goal;
  std::vector<GalleryLesson> lessons;
};

// The course as course.toml lists it.
struct CourseUnitSpec {
  std::string id, title, goal;
  std::vector<std::string> lessons;  // directory names, in teaching order
};
struct CourseSpec {
  std::vector<CourseUnitSpec> units;
  std::string error;  // "file:line:col: message" when the file is missing or broken (units then empty)
};
CourseSpec readCourse(const std::string& courseToml);

struct CourseGallery {
  std::vector<GalleryUnit> units;  // in course order; lessons outside the course last, under "More"
  std::string error;               // one line: why the course order is missing, or lessons it names that do not exist
};

// The lessons under `dir` in the order of dir/course.toml. Without a
// readable course.toml: one unit "All lessons" in name order, and the error.
CourseGallery listCourse(const std::string& dir);

// The first paragraph of a markdown description, on one line.
std::string firstParagraph(const std::string& markdown);

}  // namespace ws::ui
