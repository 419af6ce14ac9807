#include "app/qt/app_options.hpp"

#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdint>
#include <cstdio>

#include "app/common/option_rules.hpp"

#include "ui/lesson/gallery.hpp"

namespace ws::qt {
namespace {

[[noreturn]] void usage(const QString& text) {
  std::fprintf(stderr, "%s\n", qPrintable(text));
  ::exit(2);
}

// The numbers as warpscope-cli and warpscope-imgui take them (app/common/option_rules.hpp).
qulonglong number(const QCommandLineParser& p, const QCommandLineOption& o, std::uint64_t min,
                  std::uint64_t max = app::kMaxCount) {
  std::string error;
  const auto v = app::parseWholeNumber(p.value(o).toStdString(), min, max, error);
  if (!v) usage(QStringLiteral("--%1: %2").arg(o.names().first(), QString::fromStdString(error)));
  return *v;
}

}  // namespace

AppOptions parseAppOptions(const QStringList& args) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("warpscope: step through PTX lane by lane, forward and backward."));
  p.addHelpOption();
  p.addPositionalArgument("file", "scenario (.toml) or PTX file (.ptx) to open");
  // The launch of a PTX file, as warpscope-cli and warpscope-imgui take it.
  const QCommandLineOption entry("entry", "PTX input: kernel entry to launch (default: the only one)", "NAME");
  const QCommandLineOption grid("grid", "PTX input: grid dimensions, N or X,Y,Z (default 1)", "DIMS");
  const QCommandLineOption block("block", "PTX input: block dimensions, N or X,Y,Z (default 32)", "DIMS");
  const QCommandLineOption cluster("cluster", "PTX input: cluster dimensions (default: the entry's .reqnctapercluster)",
                                   "DIMS");
  const QCommandLineOption buffer("buffer", "PTX input: the next pointer parameter's buffer: a .json array of "
                                            "32-bit words (other files: raw bytes), zeros:N or iota:N (repeatable)",
                                  "SPEC");
  const QCommandLineOption allowFiles("allow-files", "scenario input: a folder the scenario may also read files "
                                                    "from (repeatable); by default only its own and the bundled "
                                                    "lessons'", "DIR");
  const QCommandLineOption scalar("scalar", "PTX input: the next scalar parameter after the buffers, as its declared "
                                            "type: a value (42, -1, 1.5) or 0x hex bits (repeatable)",
                                  "VALUE");
  const QCommandLineOption dynamicSmem("dynamic-smem", "PTX input: bytes of dynamic shared memory per CTA", "BYTES");
  const QCommandLineOption mode("mode", "strict (stop at undefined behaviour) or hardware (go on as an H100)", "MODE");
  const QCommandLineOption scheduling("scheduling", "round-robin (default for viewing) or run-to-block", "RULE");
  const QCommandLineOption maxSteps("max-steps", "stop after this many steps (default: the scenario's, else 50000000)",
                                    "N");
  // Viewing.
  const QCommandLineOption step("step", "go to the moment after N steps (as on the timeline) after opening", "N");
  const QCommandLineOption until("until", "step until an instruction whose mnemonic starts with TEXT (e.g. shfl.sync.bfly)", "TEXT");
  const QCommandLineOption shot("screenshot", "save a PNG of the window once painted, then quit", "PNG");
  const QCommandLineOption canvasShot("canvas-screenshot", "with --screenshot: also save the lane view alone", "PNG");
  const QCommandLineOption bench("benchmark-frames", "autoplay N frames while painting; print frame-time statistics", "N");
  const QCommandLineOption theme("theme", "light, dark or projector", "NAME");
  const QCommandLineOption noSettings("no-settings", "do not read or write saved layout, theme and recent files");
  const QCommandLineOption allWarps("all-warps", "the lane view shows every warp of the focused CTA");
  const QCommandLineOption oneWarp("one-warp", "the lane view shows only the focused warp");
  p.addOptions({entry, grid, block, cluster, buffer, allowFiles, scalar, dynamicSmem, mode, scheduling, maxSteps, step, until, shot,
                canvasShot, bench, theme, noSettings, allWarps, oneWarp});
  p.process(args);

  AppOptions o;
  ui::LaunchRequest& r = o.launch;
  if (!p.positionalArguments().isEmpty()) r.path = p.positionalArguments().first().toStdString();
  r.entry = p.value(entry).toStdString();
  if (p.isSet(grid)) r.grid = p.value(grid).toStdString();
  if (p.isSet(block)) r.block = p.value(block).toStdString();
  r.cluster = p.value(cluster).toStdString();
  for (const QString& b : p.values(buffer)) r.buffers.push_back(b.toStdString());
  for (const QString& d : p.values(allowFiles)) r.allowFiles.push_back(d.toStdString());
  for (const QString& s : p.values(scalar)) r.scalars.push_back(s.toStdString());
  if (p.isSet(dynamicSmem)) r.dynamicSmem = static_cast<std::uint32_t>(number(p, dynamicSmem, 0, UINT32_MAX));
  r.mode = p.value(mode).toStdString();
  if (!r.mode.empty() && r.mode != "strict" && r.mode != "hardware") usage("--mode is strict or hardware");
  r.scheduling = p.value(scheduling).toStdString();
  if (!r.scheduling.empty() && r.scheduling != "round-robin" && r.scheduling != "run-to-block")
    usage("--scheduling is round-robin or run-to-block");
  if (p.isSet(maxSteps)) r.maxSteps = number(p, maxSteps, 1);

  if (p.isSet(step) && p.isSet(until)) usage("--step and --until exclude each other");
  if (p.isSet(step)) o.step = number(p, step, 0);
  o.until = p.value(until);
  o.screenshot = p.value(shot);
  o.canvasShot = p.value(canvasShot);
  if (p.isSet(bench)) o.benchmarkFrames = static_cast<int>(std::min<qulonglong>(number(p, bench, 1), 1u << 30));
  o.theme = p.value(theme);
  if (p.isSet(theme)) {
    const std::string error = app::themeNameError(o.theme.toStdString(), false);
    if (!error.empty()) usage(QStringLiteral("--theme: %1").arg(QString::fromStdString(error)));
  }
  o.useSettings = !p.isSet(noSettings) && o.screenshot.isEmpty() && o.benchmarkFrames == 0;
  if (p.isSet(allWarps) && p.isSet(oneWarp)) usage("--all-warps and --one-warp exclude each other");
  if (p.isSet(allWarps)) o.allWarps = true;
  if (p.isSet(oneWarp)) o.allWarps = false;
  return o;
}

QString defaultScenario() {
  const QString dir = QString::fromStdString(ui::bundledScenarioDir());
  const QString readme = dir + "/red-async-cluster/scenario.toml";
  if (QFileInfo::exists(readme)) return readme;
  for (const auto& e : ui::listGallery(dir.toStdString()))
    if (e.error.empty()) return QString::fromStdString(e.path);
  return {};
}

}  // namespace ws::qt
