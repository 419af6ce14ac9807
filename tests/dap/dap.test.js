// warpscope-dap driven by the DebugClient VS Code adapter authors use
// (@vscode/debugadapter-testsupport), over a lesson with CUDA lines, a
// printf lesson, an undefined-behaviour lesson and a real-world CUB kernel.
// Every message the adapter sends is checked against the protocol's schema.
//   WARPSCOPE_DAP=build/app/dap/warpscope-dap node --test tests/dap
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const {DebugClient} = require('@vscode/debugadapter-testsupport');
const {makeValidator} = require('./schema.js');

const ROOT = path.resolve(__dirname, '..', '..');
const DAP = process.env.WARPSCOPE_DAP || path.join(ROOT, 'build', 'app', 'dap', 'warpscope-dap');
const scenario = (...p) => path.join(ROOT, 'scenarios', ...p);
const validate = makeValidator();

// A DebugClient whose every received message is validated; `violations`
// collects what does not conform, `exited` resolves with the exit code.
async function startClient() {
  const dc = new DebugClient(DAP, '--stdio', 'warpscope');
  dc.defaultTimeout = 20000;
  dc.violations = [];
  dc.messages = [];
  const dispatch = dc.dispatch.bind(dc);
  dc.dispatch = (body) => {
    const msg = JSON.parse(body);
    dc.messages.push(msg);
    for (const e of validate(msg)) dc.violations.push(`${msg.type} ${msg.command || msg.event}: ${e}`);
    dispatch(body);
  };
  await dc.start();
  dc.exited = new Promise((resolve) => dc._adapterProcess.on('exit', (code) => resolve(code)));
  return dc;
}

// initialize, launch, then (after `initialized`) breakpoints and configurationDone.
// Resolves with the first `stopped` event (listened for before the launch).
async function launch(dc, args, configure = async () => {}) {
  const stopped = dc.waitForEvent('stopped');
  await Promise.all([
    dc.waitForEvent('initialized').then(configure).then(() => dc.configurationDoneRequest()),
    dc.launch({type: 'warpscope', request: 'launch', ...args}),
  ]);
  return stopped;
}

async function finish(dc) {
  await dc.disconnectRequest({});
  assert.equal(await dc.exited, 0, 'the adapter exits after disconnect');
  assert.deepEqual(dc.violations, [], 'every message conforms to the DAP schema');
}

async function topFrame(dc, threadId) {
  const st = await dc.stackTraceRequest({threadId});
  return st.body.stackFrames;
}

async function scope(dc, frameId, name) {
  const scopes = await dc.scopesRequest({frameId});
  const s = scopes.body.scopes.find((x) => x.name.startsWith(name));
  assert.ok(s, `a ${name} scope among ${scopes.body.scopes.map((x) => x.name)}`);
  return (await dc.variablesRequest({variablesReference: s.variablesReference})).body.variables;
}

test('initialize answers capabilities that hold', async () => {
  const dc = await startClient();
  const r = await dc.initializeRequest({adapterID: 'warpscope', linesStartAt1: true, columnsStartAt1: true});
  assert.equal(r.body.supportsStepBack, true);
  assert.equal(r.body.supportsConfigurationDoneRequest, true);
  assert.equal(r.body.supportsDisassembleRequest, true);
  const filters = r.body.exceptionBreakpointFilters.map((f) => f.filter);
  for (const f of ['undefined', 'races', 'hangs', 'deadlocks']) assert.ok(filters.includes(f), f);
  await dc.launchRequest({program: '/nonexistent.toml'}).then(
      () => assert.fail('a missing program must not launch'), (e) => assert.match(e.message, /nonexistent/));
  await finish(dc);
});

test('lesson: break at a CUDA line, warp scope, step back, evaluate across lanes', async () => {
  const dc = await startClient();
  const cu = scenario('shfl-bfly-warp-sum', 'kernel.cu');
  let bp;
  const stop = await launch(dc, {program: scenario('shfl-bfly-warp-sum', 'scenario.toml')}, async () => {
    bp = await dc.setBreakpointsRequest({source: {path: cu}, breakpoints: [{line: 16}]});
  });
  assert.equal(bp.body.breakpoints[0].verified, true);
  assert.equal(stop.body.reason, 'breakpoint');
  assert.deepEqual(stop.body.hitBreakpointIds, [bp.body.breakpoints[0].id]);

  const threads = await dc.threadsRequest();
  assert.deepEqual(threads.body.threads.map((t) => t.name), ['CTA (0,0,0) warp 0']);
  const frames = await topFrame(dc, stop.body.threadId);
  assert.equal(frames[0].source.path, cu);
  assert.equal(frames[0].line, 16);
  const ptx = frames[frames.length - 1];
  assert.match(ptx.source.path, /kernel\.ptx$/);
  assert.match(ptx.name, /\[PTX\]/);

  // The Warp scope: one row per register, 32 lane values each.
  const warp = await scope(dc, frames[0].id, 'Warp');
  assert.ok(warp.length > 5);
  const row = warp.find((v) => v.name.startsWith('%f') && !v.value.includes('\u2014'));
  assert.ok(row, 'a written float register');
  assert.equal(row.value.slice(1, -1).split(', ').length, 32);
  const lanes = await dc.variablesRequest({variablesReference: row.variablesReference});
  assert.equal(lanes.body.variables.length, 32);
  assert.equal(lanes.body.variables[7].name, 'lane 7');

  // Evaluate over all lanes and over one.
  const all = await dc.evaluateRequest({expression: row.name, frameId: frames[0].id, context: 'watch'});
  assert.equal(all.body.result, row.value);
  const one = await dc.evaluateRequest({expression: `${row.name}[lane 7]`, frameId: frames[0].id, context: 'watch'});
  assert.equal(one.body.result, lanes.body.variables[7].value);
  const expr = await dc.evaluateRequest({expression: 'lane * 2 + warp', context: 'repl'});
  assert.equal(expr.body.result, '[' + Array.from({length: 32}, (_, l) => 2 * l).join(', ') + ']');
  const withReg = await dc.evaluateRequest({expression: `${row.name} * 0 + lane [lane 9]`, context: 'repl'});
  assert.equal(withReg.body.result, '9');

  // Focus lane 7: the Lane scope follows.
  await dc.evaluateRequest({expression: ':lane 7', context: 'repl'});
  const laneScope = await dc.scopesRequest({frameId: frames[0].id});
  assert.equal(laneScope.body.scopes[0].name, 'Lane 7');

  // Step forward, then back: the same place and values.
  const [, s1] = await Promise.all([dc.nextRequest({threadId: stop.body.threadId}), dc.waitForEvent('stopped')]);
  assert.equal(s1.body.reason, 'step');
  const [, s2] = await Promise.all([dc.stepBackRequest({threadId: stop.body.threadId}), dc.waitForEvent('stopped')]);
  assert.equal(s2.body.reason, 'step');
  const back = await topFrame(dc, stop.body.threadId);
  assert.equal(back[0].line, 16);
  assert.equal(back[back.length - 1].line, ptx.line);
  const again = await dc.evaluateRequest({expression: row.name, frameId: back[0].id, context: 'watch'});
  assert.equal(again.body.result, row.value);

  // setVariable in the Lane scope (a journaled edit).
  const laneVars = await scope(dc, back[0].id, 'Lane');
  const target = laneVars.find((v) => v.name === row.name);
  const set = await dc.setVariableRequest({variablesReference: (await dc.scopesRequest({frameId: back[0].id})).body.scopes[0].variablesReference, name: target.name, value: '2.5'});
  assert.equal(set.body.value, '2.5');

  // PTX as the instructions.
  const dis = await dc.disassembleRequest({memoryReference: back[0].instructionPointerReference, instructionCount: 4});
  assert.equal(dis.body.instructions.length, 4);
  assert.match(dis.body.instructions[0].instruction, /\S/);

  // Continue to the next hit, reverse-continue back to this one.
  const [, s3] = await Promise.all([dc.continueRequest({threadId: 1}), dc.waitForEvent('stopped')]);
  assert.ok(['breakpoint', 'end'].includes(s3.body.reason), s3.body.reason);
  const [, s4] = await Promise.all([dc.reverseContinueRequest({threadId: 1}), dc.waitForEvent('stopped')]);
  assert.ok(['breakpoint', 'entry'].includes(s4.body.reason), s4.body.reason);

  // goto a recorded step of the line.
  const targets = await dc.gotoTargetsRequest({source: {path: cu}, line: 16});
  assert.ok(targets.body.targets.length > 0);
  const [, s5] = await Promise.all([dc.gotoRequest({threadId: 1, targetId: targets.body.targets[0].id}), dc.waitForEvent('stopped')]);
  assert.equal(s5.body.reason, 'goto');
  assert.equal((await topFrame(dc, 1))[0].line, 16);
  await finish(dc);
});

test('lesson: device printf arrives as output events', async () => {
  const dc = await startClient();
  const out = dc.assertOutput('stdout', 'warp 0 lane 0 starts with 6');
  const end = await launch(dc, {program: scenario('printf-warp-sum', 'scenario.toml')});
  await out;
  assert.equal(end.body.reason, 'end');
  const printed = dc.messages.filter((m) => m.event === 'output' && m.body.category === 'stdout').map((m) => m.body.output).join('');
  assert.match(printed, /warp 1 offset  1: lane 0 holds \d+/);
  await finish(dc);
});

test('undefined behaviour stops as an exception with the ISA sentence', async () => {
  const dc = await startClient();
  const stop = await launch(dc, {program: scenario('ub-shfl-source-inactive', 'strict.toml')}, async () => {
    await dc.setExceptionBreakpointsRequest({filters: ['undefined', 'races', 'hangs', 'deadlocks']});
  });
  assert.equal(stop.body.reason, 'exception');
  const info = await dc.exceptionInfoRequest({threadId: stop.body.threadId});
  assert.equal(info.body.exceptionId, 'shfl-source-inactive');
  assert.match(info.body.description, /results are undefined if a thread sources a register from an inactive thread/);
  assert.match(info.body.details.message, /PTX ISA/);
  // Time travel works from an exception too.
  const [, back] = await Promise.all([dc.stepBackRequest({threadId: stop.body.threadId}), dc.waitForEvent('stopped')]);
  assert.equal(back.body.reason, 'step');
  await finish(dc);
});

test('real-world kernel: CUB BlockShuffle from PTX with the CLI launch options', async () => {
  const dc = await startClient();
  const ptx = path.join(ROOT, 'tests', 'data', 'realworld2', 'cub2.ptx');
  // The first bar.sync of the entry: a PTX line breakpoint.
  const lines = require('fs').readFileSync(ptx, 'utf8').split('\n');
  const entry = lines.findIndex((l) => l.includes('.entry cub_block_shuffle('));
  const barLine = lines.findIndex((l, i) => i > entry && /^\s*bar\.sync/.test(l)) + 1;
  let bp;
  const entryStop = await launch(dc, {program: ptx, entry: 'cub_block_shuffle', block: 128, buffers: ['iota:1024', 'zeros:1024'],
                    args: ['--max-steps', '10000000'], stopOnEntry: true}, async () => {
    bp = await dc.setBreakpointsRequest({source: {path: ptx}, breakpoints: [{line: barLine, condition: 'warp == 2'}]});
  });
  assert.equal(bp.body.breakpoints[0].verified, true);
  assert.equal(entryStop.body.reason, 'entry');
  const threads = await dc.threadsRequest();
  assert.equal(threads.body.threads.length, 4);
  const [, hit] = await Promise.all([dc.continueRequest({threadId: 1}), dc.waitForEvent('stopped')]);
  assert.equal(hit.body.reason, 'breakpoint');
  assert.equal(hit.body.threadId, 3, 'the condition warp == 2 stops in the third warp');
  const frames = await topFrame(dc, hit.body.threadId);
  assert.equal(frames[0].line, barLine);
  const warp = await scope(dc, frames[0].id, 'Warp');
  assert.ok(warp.every((v) => v.value.startsWith('[')));

  // An instruction breakpoint on the next PTX instruction, hit the second time.
  await dc.setBreakpointsRequest({source: {path: ptx}, breakpoints: []});
  const ib = await dc.customRequest('setInstructionBreakpoints', {breakpoints: [
    {instructionReference: frames[0].instructionPointerReference, offset: 1, hitCondition: '2'}]});
  assert.equal(ib.body.breakpoints[0].verified, true);
  const [, ihit] = await Promise.all([dc.continueRequest({threadId: 1}), dc.waitForEvent('stopped')]);
  assert.equal(ihit.body.reason, 'instruction breakpoint');
  const at = await topFrame(dc, ihit.body.threadId);
  assert.equal(parseInt(at[0].instructionPointerReference, 16), parseInt(frames[0].instructionPointerReference, 16) + 1);
  assert.notEqual(ihit.body.threadId, hit.body.threadId, 'the second warp to reach it');
  await finish(dc);
});

test('a 1,024-thread CTA is 32 threads and pause answers during a long continue', async () => {
  const dc = await startClient();
  const ptx = path.join(ROOT, 'tests', 'data', 'realworld2', 'cub2.ptx');
  await launch(dc, {program: ptx, entry: 'cub_block_shuffle', block: 1024, buffers: ['iota:1024', 'zeros:1024'],
                    stopOnEntry: true});
  const threads = await dc.threadsRequest();
  assert.equal(threads.body.threads.length, 32);
  assert.equal(threads.body.threads[31].name, 'CTA (0,0,0) warp 31');
  const [, stop] = await Promise.all([dc.continueRequest({threadId: 1}), dc.waitForEvent('stopped'),
    dc.pauseRequest({threadId: 1})]);
  assert.ok(['pause', 'end', 'exception'].includes(stop.body.reason), stop.body.reason);
  await finish(dc);
});

test('exception filters: races stop a continue only when the races filter is on', async () => {
  const toml = scenario('race-reduction-syncthreads', 'buggy.toml');
  const dc = await startClient();
  const stop = await launch(dc, {program: toml}, () => dc.setExceptionBreakpointsRequest({filters: ['races']}));
  assert.equal(stop.body.reason, 'exception');
  const info = await dc.exceptionInfoRequest({threadId: stop.body.threadId});
  assert.equal(info.body.exceptionId, 'race-shared');
  const [, next] = await Promise.all([dc.continueRequest({threadId: 1}), dc.waitForEvent('stopped')]);
  assert.equal(next.body.reason, 'exception', 'the next race');
  await finish(dc);

  const off = await startClient();
  const end = await launch(off, {program: toml}, () => off.setExceptionBreakpointsRequest({filters: ['undefined']}));
  assert.equal(end.body.reason, 'end');
  await finish(off);
});
