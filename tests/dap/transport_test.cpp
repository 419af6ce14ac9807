// The DAP base protocol's framing: any split of the byte stream, several
// messages at once, other header fields, and broken input.
#include "app/dap/transport.hpp"

#include <gtest/gtest.h>

namespace ws::dap {
namespace {

TEST(DapTransport, FramesAndReadsBack) {
  const std::string body = R"({"seq":1,"type":"request","command":"initialize"})";
  const std::string framed = frameMessage(body);
  EXPECT_EQ(framed, "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  FrameReader r;
  std::string error;
  // One byte at a time: nothing until the last byte.
  for (std::size_t i = 0; i + 1 < framed.size(); ++i) {
    r.feed(framed.substr(i, 1));
    EXPECT_FALSE(r.next(error).has_value());
  }
  r.feed(framed.substr(framed.size() - 1));
  auto got = r.next(error);
  ASSERT_TRUE(got.has_value()) << error;
  EXPECT_EQ(*got, body);
  EXPECT_FALSE(r.next(error).has_value());
  EXPECT_TRUE(error.empty());
}

TEST(DapTransport, SeveralMessagesInOneRead) {
  FrameReader r;
  r.feed(frameMessage("{}") + frameMessage("[1,2]") + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" +
         "content-length: 4\r\n\r\nnull");
  std::string error;
  EXPECT_EQ(r.next(error).value_or(""), "{}");
  EXPECT_EQ(r.next(error).value_or(""), "[1,2]");
  EXPECT_EQ(r.next(error).value_or(""), "null");
  EXPECT_FALSE(r.next(error).has_value());
}

TEST(DapTransport, MultibyteBodiesCountBytes) {
  const std::string body = "{\"output\":\"\xe2\x80\x94\"}";  // an em dash: 3 bytes
  FrameReader r;
  r.feed(frameMessage(body));
  std::string error;
  EXPECT_EQ(r.next(error).value_or(""), body);
}

TEST(DapTransport, BrokenHeadersStopTheReader) {
  std::string error;
  FrameReader noLength;
  noLength.feed("Content-Type: x\r\n\r\n{}");
  EXPECT_FALSE(noLength.next(error).has_value());
  EXPECT_TRUE(noLength.broken());
  EXPECT_NE(error.find("Content-Length"), std::string::npos);

  FrameReader badLength;
  error.clear();
  badLength.feed("Content-Length: 12x\r\n\r\n{}");
  EXPECT_FALSE(badLength.next(error).has_value());
  EXPECT_TRUE(badLength.broken());

  FrameReader huge;
  error.clear();
  huge.feed("Content-Length: 99999999999\r\n\r\n");
  EXPECT_FALSE(huge.next(error).has_value());
  EXPECT_TRUE(huge.broken());

  FrameReader endless;
  error.clear();
  endless.feed(std::string(10000, 'x'));
  EXPECT_FALSE(endless.next(error).has_value());
  EXPECT_TRUE(endless.broken());
}

}  // namespace
}  // namespace ws::dap
