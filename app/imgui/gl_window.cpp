#include "app/imgui/gl_window.hpp"

#include <vector>

#include <GL/gl.h>
#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <stb_image_write.h>

namespace ws::imgui {
namespace {

std::string g_glfwError;
void onGlfwError(int code, const char* text) { g_glfwError = fmt::format("GLFW error {}: {}", code, text); }

}  // namespace

GLFWwindow* openGlWindow(int width, int height, const std::string& title, std::string& error) {
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) {
    error = g_glfwError.empty() ? "cannot initialise GLFW (no display?)" : g_glfwError;
    return nullptr;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* w = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!w) {
    error = g_glfwError.empty() ? "cannot open an OpenGL 3.3 window" : g_glfwError;
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(w);
  return w;
}

void closeGlWindow(GLFWwindow* w) {
  if (w) glfwDestroyWindow(w);
  glfwTerminate();
}

bool writeFramebufferPng(int width, int height, const std::string& path, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "the framebuffer is empty";
    return false;
  }
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    error = fmt::format("glReadPixels failed (GL error 0x{:x})", e);
    return false;
  }
  stbi_flip_vertically_on_write(1);  // GL's first row is the bottom one
  if (!stbi_write_png(path.c_str(), width, height, 3, pixels.data(), width * 3)) {
    error = fmt::format("{}: cannot write the PNG", path);
    return false;
  }
  return true;
}

}  // namespace ws::imgui
