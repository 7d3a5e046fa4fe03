const Module = require('module');
const orig = Module._load;
const stack = [];
const times = [];
Module._load = function (request, parent, isMain) {
  const t = performance.now();
  const depth = stack.length;
  stack.push(request);
  try { return orig.apply(this, arguments); }
  finally { stack.pop(); const dt = performance.now() - t; if (dt > 15) times.push([depth, request, dt]); }
};
process.on('exit', () => { for (const [d, r, t] of times.filter(x=>x[0]<=+(process.env.D||1))) console.error(' '.repeat(d*2) + r, t.toFixed(0)); });
