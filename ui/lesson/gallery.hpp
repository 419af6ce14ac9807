#pragma once
// The Examples gallery: every bundled scenario with its title and
// description, read from scenarios/<lesson>/*.toml, in a stable order, for
// the front ends' "Examples" lists.
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
  std::string error;        // set when the file is not readable TOML (still listed)
};

// Scenarios under `dir`: each subdirectory's *.toml files, sorted by name.
// A missing directory gives an empty list.
std::vector<GalleryEntry> listGallery(const std::string& dir);


// The first paragraph of a markdown description, on one line.
std::string firstParagraph(const std::string& markdown);

}  // namespace ws::ui
