#pragma once
// The GLFW window with an OpenGL 3.3 core context ImGui draws into, and a
// framebuffer grab for --screenshot.
#include <string>

struct GLFWwindow;

namespace ws::imgui {

// Initialises GLFW and opens the window; null with `error` set when there is
// no display or no usable OpenGL.
GLFWwindow* openGlWindow(int width, int height, const std::string& title, std::string& error);
void closeGlWindow(GLFWwindow* w);

// Reads the current back buffer (call after rendering, before swapping) and
// writes it as an RGB PNG, top row first.
bool writeFramebufferPng(int width, int height, const std::string& path, std::string& error);

}  // namespace ws::imgui
