#pragma once
// The PTX parser's internals, shared by parser.cpp (module structure,
// functions, blocks), parse_decl.cpp (declarations, layout) and
// parse_instr.cpp (instructions and operands). Not part of the API: include
// core/ptx/parser.hpp instead.
//
// Invariants that keep it safe on any input:
// - every loop consumes at least one token per iteration or stops at End;
// - nothing recurses on input structure except initializers, which are
//   depth-limited; blocks use an explicit scope stack, limited in depth;
// - names are string_views into the caller's text (which outlives the
//   parse) and are looked up in hash maps, so the work is linear in the input;
// - after kMaxErrors errors the parser stops, and at the first ParseLimits
//   limit reached (so memory stays proportionate to those limits, not to
//   what the text could make).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/ptx/lexer.hpp"
#include "core/ptx/number.hpp"
#include "core/ptx/parser.hpp"

namespace ws::core::ptx_detail {

inline constexpr std::size_t kMaxErrors = 50;
inline constexpr std::size_t kMaxBlockDepth = 64;
inline constexpr std::size_t kMaxRegisters = 1u << 20;         // all functions together
inline constexpr std::uint64_t kMaxSegmentBytes = 1ull << 32;  // any one memory segment
inline constexpr std::uint64_t kMaxInitBytes = 64ull << 20;    // initialized data, whole module
inline constexpr std::uint32_t kMaxAlign = 1u << 16;

// What a name in a scope refers to.
struct NameRef {
  enum class Kind : std::uint8_t { Reg, Sym } kind = Kind::Reg;
  std::uint32_t index = 0;  // Program::regs or Program::symbols index
};

// `%r<N>` declares %r0..%r(N-1): kept as one entry, looked up by suffix.
struct RegRange {
  std::uint32_t count = 0, base = 0;
};

// A branch to a label not yet seen; resolved when its block closes.
struct LabelFixup {
  std::uint32_t instr = 0, op = 0;
  std::string_view name;
  Token tok;
  std::int32_t elem = -1;  // >= 0: element `elem` of the operand (a brx.idx target list)
};

// `name: .branchtargets L0, L1, ...;` (PTX ISA 11.5.1), the targets of brx.idx.
struct BranchTable {
  std::vector<std::pair<std::string_view, Token>> targets;
};

struct Scope {
  std::unordered_map<std::string_view, NameRef> names;
  std::unordered_map<std::string_view, RegRange> ranges;
  std::unordered_map<std::string_view, std::uint32_t> labels;  // -> instruction index
  std::unordered_map<std::string_view, BranchTable> branchTables;
  std::vector<LabelFixup> pending;
  Token open;  // the '{' that opened it (for "unterminated block")
};

// A function name as declared (prototype and/or definition).
struct FuncDecl {
  std::string_view name;
  bool isEntry = false;
  std::int32_t index = -1;  // Program::functions index once its body is parsed
  std::size_t nRets = 0, nParams = 0;
  Token tok;  // where it was first declared
};

// A use of a function name (call target or value), resolved at the end,
// when every body is known.
struct FuncFixup {
  std::uint32_t instr = 0, op = 0, decl = 0;
  Token tok;
};

// A parameter as written in a .entry/.func signature or a call-site block.
struct ParamDecl {
  std::string_view name;
  DataType type = DataType::B8;
  std::uint32_t align = 0;  // 0 = natural
  std::uint64_t count = 1;  // array elements x vector width
  Token tok;
};

// An address in an initializer, resolved by name at the end.
struct PendingReloc {
  std::string_view name;
  Token tok;
  std::uint32_t symbol = 0;
  std::uint64_t offset = 0;
  std::uint32_t width = 8;
  std::int64_t addend = 0;
  bool generic = false;
};

// A .loc that names a CUDA file number, checked against .file at the end.
struct LocUse {
  std::int32_t fileNo = 0;
  Token tok;
};

class Parser {
 public:
  Parser(std::string_view text, std::string_view fileName, const ParseLimits& limits);
  ParseResult run();

 private:
  // ---- tokens (parser.cpp)
  // The current token (k = 0) or the one after it (k = 1).
  Token peek(std::size_t k = 0) const { return k == 0 ? m_cur : m_ahead; }
  Token next();
  void takeLexIssues();
  bool at(Tok k) const { return peek().kind == k; }
  bool atDot(std::string_view name) const;
  bool accept(Tok k);
  bool expect(Tok k, std::string_view what, std::string_view context);
  std::string_view text(const Token& t) const { return m_text.substr(t.off, t.len); }
  std::string found() const { return describeToken(m_text, peek()); }
  bool adjacent(const Token& a, const Token& b) const { return a.end() == b.off; }
  // Consumes an unsigned integer literal ("the alignment", "after .align").
  std::optional<std::uint64_t> parseUnsigned(std::string_view what, std::string_view context);

  // ---- errors (parser.cpp)
  void error(const Token& at, std::string message);
  void errorAfter(const Token& prev, std::string message);  // just past `prev`
  void warning(const Token& at, std::string message);       // loads anyway (Program::warnings)
  bool stopped() const { return m_halted || m_errors.size() >= kMaxErrors; }
  // True (and the parse stops, with one error naming the limit at `at`)
  // when `count`, the number of things of a kind with the new ones, passes `limit`.
  bool overLimit(std::uint64_t count, std::uint64_t limit, std::string_view what, const Token& at);
  bool initDataFull(std::uint64_t pending, std::uint64_t width, const Token& at);
  void recoverModule();
  void recoverStatement(std::size_t start);

  // ---- module structure (parser.cpp)
  void parseModule();
  void parseVersion();
  void parseTarget();
  void parseAddressSize();
  void parseFile();
  void skipSection();
  void skipToSemi();
  void parseAlias();
  void parseFunction(std::string_view linkage);
  bool parseParamList(std::vector<ParamDecl>& out, bool entry);
  bool parseHints(LaunchHints& hints);
  void parseBody(std::uint32_t fnIndex, const std::vector<ParamDecl>& params, const std::vector<ParamDecl>& rets);
  void parseLoc();
  void parseLabel();
  void parseBranchTargets(std::string_view name);
  bool parseBranchTableOperand(Operand& op, std::size_t opIndex);
  void closeScope(bool functionScope);
  void finish();
  void resolveRelocations();
  bool parseAddressInit(DataType t, std::vector<std::uint8_t>& bytes);
  void warnUnsupported();

  // ---- declarations and layout (parse_decl.cpp)
  bool parseParam(ParamDecl& p, bool entry);
  void parseRegDecl();
  void parseVarDecl(std::string_view linkage);
  bool parseInitializer(DataType t, std::uint64_t& count, bool countKnown, std::vector<std::uint8_t>& bytes);
  bool parseInitList(DataType t, std::vector<std::uint8_t>& bytes, int depth);
  bool appendInitValue(DataType t, std::vector<std::uint8_t>& bytes);
  std::optional<std::uint32_t> declareSymbol(Symbol s, const Token& tok);
  void declareParams(const std::vector<ParamDecl>& ps, Space space, std::vector<std::uint32_t>* out);
  bool declareReg(std::string_view name, DataType t, const Token& tok);
  bool declareRegRange(std::string_view prefix, std::uint32_t count, DataType t, const Token& tok);
  void addHighHalves(std::uint32_t first, std::uint32_t count);
  bool checkFresh(std::string_view name, const Token& tok);
  void layoutSegments();
  bool grow(std::uint64_t& segment, std::uint64_t size, std::uint32_t align, std::uint64_t& offset,
            std::string_view what, const Token& tok);

  // ---- instructions and operands (parse_instr.cpp)
  void parseInstruction();
  bool decodeOpcode(Instr& ins, const Token& mn, std::size_t& dotCount);
  bool parseOperands(Instr& ins, const Token& mn);
  bool parseCallOperands(Instr& ins, const Token& mn);
  bool parseIndirectCall(Instr& ins, Operand& rets, std::uint32_t reg);
  bool parseOperand(Operand& op, bool labelContext, std::size_t opIndex, bool nested);
  bool parseList(Operand& op);
  bool parseVector(Operand& op);
  bool parseAddress(Operand& op);
  bool parseImmediate(Operand& op, bool allowFloat, std::string_view context);
  bool parseNameOperand(Operand& op, bool labelContext, std::size_t opIndex, bool nested);
  bool parsePredOutput(Operand& op);
  bool parseSelector(Operand& op);
  bool checkOperandCount(const Instr& ins, const Token& mn);
  void checkGates(const Instr& ins, const Token& mn);
  // Records that instruction `instr` uses `what`, which does not execute
  // (Program::unsupported); returns the entry's index for Instr::unsupported.
  std::int32_t noteUnsupported(const std::string& what, std::string reason, std::uint32_t instr);
  std::optional<NameRef> lookup(std::string_view name) const;

  std::string_view m_text;
  std::string m_fileName;
  ParseLimits m_limits;
  bool m_halted = false;  // a ParseLimits limit was reached
  std::uint64_t m_operands = 0, m_labelCount = 0, m_locCount = 0;
  Lexer m_lexer;
  Token m_cur, m_ahead, m_prev, m_first;  // current, lookahead, last consumed, first of the file
  std::size_t m_pos = 0;                  // tokens consumed (progress checks)
  std::size_t m_lexIssuesTaken = 0;
  std::vector<LoadError> m_errors;
  Program m_prog;

  bool m_sawVersion = false, m_sawTarget = false;
  std::vector<Scope> m_scopes;  // [0] = module; then function, then nested blocks
  std::unordered_map<std::string_view, std::uint32_t> m_funcByName;
  std::unordered_map<std::string, std::int32_t> m_unsupportedIndex;  // Unsupported::what -> index
  bool m_lenient = false;
  Opcode m_curOp = Opcode::Mov;  // the instruction whose operands are being parsed     // parsing the operands of an instruction that never executes
  std::string m_notExecuted;
  std::vector<PendingReloc> m_initRelocs;  // addresses in the initializer being parsed (symbol not yet known)
  std::vector<PendingReloc> m_relocs;      // all of them, with their variable  // what the instruction being parsed uses that does not execute ("" = nothing)
  std::vector<FuncDecl> m_funcs;
  std::vector<FuncFixup> m_funcFixups;
  std::vector<LocUse> m_locUses;
  std::int32_t m_curFunc = -1;  // Program::functions index while in a body
  CudaLoc m_loc;                // from the last .loc (file numbers unmapped)
  std::uint64_t m_initBytes = 0;
  std::vector<Token> m_symToks;  // declaration token of each Program::symbols entry
  // Scratch for the instruction being parsed: its modifier tokens, and the
  // label/function uses it makes (registered once the instruction is kept).
  std::vector<Token> m_modToks;
  std::vector<LabelFixup> m_newLabelFix;
  std::vector<FuncFixup> m_newFuncFix;
};

}  // namespace ws::core::ptx_detail
