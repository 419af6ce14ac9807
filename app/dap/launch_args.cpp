#include "app/dap/launch_args.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>

#include "app/common/input_options.hpp"

namespace ws::dap {
namespace {

// Attributes that belong to the debug configuration, not to the launch.
bool isConfigurationKey(const std::string& k) {
  static const char* const kKeys[] = {"type",         "request",
                                      "name",         "program",
                                      "stopOnEntry",  "cwd",
                                      "args",         "noDebug",
                                      "__sessionId",  "__configurationTarget",
                                      "stepUnit",     "sourceDirs",
                                      "presentation", "internalConsoleOptions",
                                      "console"};
  return std::any_of(std::begin(kKeys), std::end(kKeys), [&](const char* s) { return k == s; });
}

// "dynamicSmem" -> "dynamic-smem"; plural array attributes name the
// repeatable option ("buffers" -> "buffer", "tensorMaps" -> "tensor-map").
std::string optionName(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c >= 'A' && c <= 'Z') {
      out += '-';
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      out += c;
    }
  }
  if (out == "buffers" || out == "scalars" || out == "tensor-maps") out.pop_back();
  if (out == "allow-files") return out;
  return out;
}

std::string scalarText(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

std::string resolve(const std::string& path, const std::string& cwd) {
  if (path.empty() || cwd.empty()) return path;
  const std::filesystem::path p(path);
  return p.is_absolute() ? path : (std::filesystem::path(cwd) / p).lexically_normal().string();
}

}  // namespace

std::vector<std::string> launchCommandLine(const nlohmann::json& args) {
  std::vector<std::string> cl;
  if (!args.is_object()) return cl;
  for (const auto& [key, value] : args.items()) {
    if (isConfigurationKey(key) || value.is_null()) continue;
    const std::string opt = "--" + optionName(key);
    if (value.is_boolean()) {
      // A flag: "races": false is --no-races.
      if (value.get<bool>())
        cl.push_back(opt);
      else
        cl.push_back("--no-" + optionName(key));
    } else if (value.is_array()) {
      for (const auto& v : value) {
        cl.push_back(opt);
        cl.push_back(scalarText(v));
      }
    } else {
      cl.push_back(opt);
      cl.push_back(scalarText(value));
    }
  }
  if (auto it = args.find("args"); it != args.end() && it->is_array())
    for (const auto& v : *it) cl.push_back(scalarText(v));
  return cl;
}

std::variant<LaunchArgs, std::string> parseLaunchArgs(const nlohmann::json& args) {
  if (!args.is_object()) return std::string("the launch arguments are not an object");
  LaunchArgs out;
  const std::string cwd = args.value("cwd", std::string());
  const auto program = args.find("program");
  if (program == args.end() || !program->is_string() || program->get<std::string>().empty())
    return std::string("'program' names no scenario (.toml) or PTX file");
  out.stopOnEntry = args.value("stopOnEntry", false);

  // The viewers' request: a bare PTX file steps round-robin, races checked.
  CLI::App app("warpscope-dap launch");
  app.allow_extras(false);
  app::addInputOptions(&app, out.request, /*withMode=*/true);
  std::vector<std::string> cl = launchCommandLine(args);
  cl.push_back(resolve(program->get<std::string>(), cwd));
  std::reverse(cl.begin(), cl.end());  // CLI11 parses a vector from its back
  try {
    app.parse(cl);
  } catch (const CLI::ParseError& e) {
    return std::string(e.what());
  }
  for (auto& b : out.request.buffers)
    if (b.find(':') == std::string::npos) b = resolve(b, cwd);
  for (auto& d : out.request.allowFiles) d = resolve(d, cwd);
  return out;
}

}  // namespace ws::dap
