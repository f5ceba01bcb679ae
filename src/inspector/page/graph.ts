/**
 * The statechart drawing. The machine is rebuilt from the actor's `definition` with
 * `createMachine(JSON.parse(definition))` and `machine.root` is walked: every state node, each node's
 * `transitions` (event → definitions) and `always` list. Transitions with a target become edges
 * (`event [guard]`, `always [guard]`); targetless ones are listed as text lines in their state's box.
 * ELK's layered algorithm lays it out with hierarchy handling and absolute (`ROOT`) coordinates; the SVG is
 * drawn here. Each state's group carries `data-state="<dotted path>"` and the class `active` while active.
 */
import type { ElkExtendedEdge, ElkNode, ElkLabel } from 'elkjs/lib/elk-api.js';
import { createMachine } from 'xstate';

/** One state of the chart. */
export interface ChartNode {
  /** Dotted path without the machine id; '' for the root. */
  path: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** True for a region of a parallel state (drawn dashed). */
  region: boolean;
  /** The initial child's path, for compound states. */
  initial: string | undefined;
  /** Targetless (actions-only) transitions, as `event [guard]`. */
  lines: string[];
  description: string | undefined;
  children: ChartNode[];
}

/** One transition with a target. */
export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  event: string;
  label: string;
}

/**
 * The same transition (event, guard, target) declared in several states, drawn once: each source joins a small
 * junction, and one labelled edge leaves it (a table-wide event such as `misdeal.declare`).
 */
export interface ChartBundle {
  id: string;
  event: string;
  label: string;
  target: string;
  sources: string[];
}

/** A machine as the page draws it: its state tree, single edges and bundled ones. */
export interface Chart {
  id: string;
  root: ChartNode;
  edges: ChartEdge[];
  bundles: ChartBundle[];
}

/** Edges with the same label and target from at least this many states are bundled. */
const BUNDLE_MIN = 3;

/** Splits the edges into single edges and bundles of the same transition from several states. */
export function bundleEdges(edges: readonly ChartEdge[]): { edges: ChartEdge[]; bundles: ChartBundle[] } {
  const groups = new Map<string, ChartEdge[]>();
  for (const edge of edges) {
    const key = `${edge.label}\u0000${edge.target}`;
    groups.set(key, [...(groups.get(key) ?? []), edge]);
  }
  const single: ChartEdge[] = [];
  const bundles: ChartBundle[] = [];
  for (const group of groups.values()) {
    const first = group[0] as ChartEdge;
    const sources = [...new Set(group.map((edge) => edge.source))];
    if (sources.length >= BUNDLE_MIN) bundles.push({ id: `b${bundles.length}`, event: first.event, label: first.label, target: first.target, sources });
    else single.push(...group);
  }
  return { edges: single, bundles };
}

/** What the layout needs from the page: text widths. */
export type Measure = (text: string, font: string) => number;

/** Font of state names (measured for the layout, used in the SVG). */
export const FONT_TITLE = '600 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Font of the transitions listed inside a state's box. */
export const FONT_LINE = '11px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';
/** Font of edge labels. */
export const FONT_LABEL = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const TITLE_HEIGHT = 26;
const LINE_HEIGHT = 15;
const LABEL_HEIGHT = 16;
const PAD = 12;
/** Targetless lines longer than this are cut with an ellipsis (the full text is in the tooltip). */
const MAX_LINE_CHARS = 44;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A guard as text: `name`, `name(key=value, …)`; params cut off by the serializer show as `name(…)`. */
export function guardText(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  if (!isRecord(guard)) return String(guard);
  const type = typeof guard['type'] === 'string' ? guard['type'] : 'guard';
  // A composite guard of XState (`and`, `or`) with its parts: `isWinningOpening(…) and hasDeclarationReview`.
  const parts = guard['guards'];
  if (Array.isArray(parts) && (type === 'and' || type === 'or')) return parts.map((part) => guardText(part) ?? '').join(` ${type} `);
  const params = guard['params'];
  if (params === undefined) return type;
  if (!isRecord(params)) return `${type}(…)`;
  const args = Object.entries(params).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${type}(${args.join(', ')})`;
}

/**
 * An event type as people write it in a machine config: `xstate.done.state.*` → `onDone`,
 * `xstate.done.actor.*` → `onDone` (of an invoke), `xstate.error.actor.*` → `onError`,
 * `xstate.after.1000.*` → `after 1000`; other events unchanged.
 */
export function eventText(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1] ?? ''}`;
  if (eventType.startsWith('xstate.done.state.') || eventType.startsWith('xstate.done.actor.')) return 'onDone';
  if (eventType.startsWith('xstate.error.actor.')) return 'onError';
  return eventType;
}

/** `event [guard]`. */
export function transitionText(event: string, guard: unknown): string {
  const text = guardText(guard);
  return text === undefined ? event : `${event} [${text}]`;
}

function truncate(text: string): string {
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS - 1)}…` : text;
}

/** Lines longer than this are wrapped before the guard. */
const WRAP_CHARS = 30;
/** Indent of a wrapped guard. */
const INDENT = 14;

/** The text lines of a state box: each targetless transition, wrapped before `[guard]` when long. */
export function displayLines(lines: readonly string[]): { text: string; full: string; indent?: boolean }[] {
  const out: { text: string; full: string; indent?: boolean }[] = [];
  for (const line of lines) {
    const at = line.indexOf(' [');
    if (line.length > WRAP_CHARS && at > 0) {
      out.push({ text: truncate(line.slice(0, at)), full: line });
      out.push({ text: truncate(line.slice(at + 1)), full: line, indent: true });
    } else out.push({ text: truncate(line), full: line });
  }
  return out;
}

/** Replaces state configs the serializer cut off (`"[Object]"`) by empty ones, so the rest can still be drawn. */
function sanitize(config: unknown): unknown {
  if (!isRecord(config)) return {};
  const out: Record<string, unknown> = { ...config };
  if (out['states'] !== undefined) {
    const states = isRecord(out['states']) ? out['states'] : {};
    out['states'] = Object.fromEntries(Object.entries(states).map(([key, child]) => [key, sanitize(child)]));
  }
  return out;
}

interface StateNodeLike {
  key: string;
  path: string[];
  type: ChartNode['type'];
  description?: string;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  initial?: { target: readonly StateNodeLike[] };
}

interface TransitionLike {
  target: readonly StateNodeLike[] | undefined;
  guard?: unknown;
}

/** Builds the chart model from a definition (a JSON string of the machine config). Throws on a bad definition. */
export function buildChart(definition: string): Chart {
  const config = sanitize(JSON.parse(definition)) as Parameters<typeof createMachine>[0];
  const machine = createMachine(config);
  const root = machine.root as unknown as StateNodeLike;
  const edges: ChartEdge[] = [];
  const walk = (node: StateNodeLike, region: boolean): ChartNode => {
    const path = node.path.join('.');
    const lines: string[] = [];
    const add = (event: string, transition: TransitionLike): void => {
      const label = transitionText(event, transition.guard);
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        lines.push(label);
        return;
      }
      for (const target of targets) {
        edges.push({ id: `e${edges.length}`, source: path, target: target.path.join('.'), event, label });
      }
    };
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions) add(eventText(eventType), transition);
    }
    for (const transition of node.always ?? []) add('always', transition);
    const initialTarget = node.type === 'compound' ? node.initial?.target[0] : undefined;
    return {
      path,
      key: node.key,
      type: node.type,
      region,
      initial: initialTarget ? initialTarget.path.join('.') : undefined,
      lines,
      description: node.description,
      children: Object.values(node.states).map((child) => walk(child, node.type === 'parallel')),
    };
  };
  const chartRoot = walk(root, false);
  orderChildren(chartRoot, edges);
  return { id: String(machine.id), root: chartRoot, ...bundleEdges(edges) };
}

const within = (path: string, ancestor: string): boolean => path === ancestor || path.startsWith(`${ancestor}.`);

/**
 * Orders siblings along the flow: a topological order (reverse DFS postorder from the initial state over the
 * transitions between siblings), so the layout reads top-down in the order the machine runs and cycle breaking
 * reverses only the edges that go back (e.g. a redeal). Serialization sorts keys, which loses the written order.
 */
function orderChildren(node: ChartNode, edges: readonly ChartEdge[]): void {
  for (const child of node.children) orderChildren(child, edges);
  if (node.type === 'parallel' || node.children.length < 2) return;
  const siblingOf = (path: string): ChartNode | undefined => node.children.find((child) => within(path, child.path));
  const next = new Map<ChartNode, ChartNode[]>();
  for (const edge of edges) {
    const from = siblingOf(edge.source);
    const to = siblingOf(edge.target);
    if (from && to && from !== to) next.set(from, [...(next.get(from) ?? []), to]);
  }
  const start = node.children.find((child) => child.path === node.initial) ?? node.children[0];
  const seen = new Set<ChartNode>();
  const postorder: ChartNode[] = [];
  const visit = (current: ChartNode): void => {
    seen.add(current);
    for (const child of next.get(current) ?? []) if (!seen.has(child)) visit(child);
    postorder.push(current);
  };
  const ordered: ChartNode[] = [];
  for (const child of start ? [start, ...node.children] : node.children) {
    if (seen.has(child)) continue;
    visit(child);
    ordered.push(...postorder.reverse());
    postorder.length = 0;
  }
  node.children = ordered;
}

/** Every node of the chart, parents first. */
export function allNodes(root: ChartNode): ChartNode[] {
  const out: ChartNode[] = [];
  const walk = (node: ChartNode): void => {
    out.push(node);
    node.children.forEach(walk);
  };
  walk(root);
  return out;
}

/** The dotted paths a state value makes active (a string, nested objects, parallel objects). */
export function activePaths(value: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (prefix: string, current: unknown): void => {
    if (typeof current === 'string') {
      out.add(prefix ? `${prefix}.${current}` : current);
      return;
    }
    if (!isRecord(current)) return;
    for (const [key, child] of Object.entries(current)) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.add(path);
      walk(path, child);
    }
  };
  walk('', value);
  return out;
}

/** The current top-level dotted path: down single keys, stopping at a parallel state (e.g. `courtesy`). */
export function currentPath(value: unknown): string {
  const parts: string[] = [];
  let current = value;
  for (;;) {
    if (typeof current === 'string') {
      parts.push(current);
      break;
    }
    if (!isRecord(current)) break;
    const keys = Object.keys(current);
    if (keys.length !== 1) {
      if (parts.length === 0 && keys.length > 1) return keys.join(' | ');
      break;
    }
    const key = keys[0] as string;
    parts.push(key);
    current = current[key];
  }
  return parts.join('.');
}

// ---------------------------------------------------------------- layout

const elkId = (path: string): string => `s:${path}`;
const hubId = (bundle: ChartBundle): string => `h:${bundle.id}`;
const initialId = (path: string): string => `i:${path}`;

interface Layout {
  graph: ElkNode;
  chart: Chart;
}

/** The longest dotted prefix two paths share. */
function commonPrefix(a: string, b: string): string {
  const x = a ? a.split('.') : [];
  const y = b ? b.split('.') : [];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
  return x.slice(0, n).join('.');
}

/** The lowest node strictly containing both paths. */
function edgeContainer(source: string, target: string): string {
  const s = source ? source.split('.') : [];
  const t = target ? target.split('.') : [];
  let common = 0;
  while (common < s.length && common < t.length && s[common] === t[common]) common += 1;
  const depth = Math.max(0, Math.min(common, s.length - 1, t.length - 1));
  return s.slice(0, depth).join('.');
}

function lineBlockWidth(node: ChartNode, measure: Measure): number {
  const title = measure(node.key, FONT_TITLE) + (node.type === 'parallel' ? 70 : 0);
  const lines = displayLines(node.lines).map((line) => measure(line.text, FONT_LINE) + (line.indent ? INDENT : 0));
  return Math.max(title + 8, ...lines, 0);
}

/** Options of the ELK graph. */
export interface LayoutOptions {
  /** Regions of parallel states one below the other instead of side by side (narrower). */
  stackRegions?: boolean;
}

/** The ELK graph of a chart (sizes measured with `measure`). */
export function elkGraph(chart: Chart, measure: Measure, options: LayoutOptions = {}): ElkNode {
  const nodes = new Map<string, ElkNode>();
  const toElk = (node: ChartNode): ElkNode => {
    const lineCount = displayLines(node.lines).length;
    const header = TITLE_HEIGHT + (lineCount > 0 ? lineCount * LINE_HEIGHT + 2 : 0);
    const textWidth = lineBlockWidth(node, measure);
    const elk: ElkNode = { id: elkId(node.path) };
    if (node.children.length === 0) {
      elk.width = Math.ceil(Math.max(textWidth + 2 * PAD, 84));
      elk.height = Math.ceil(header + (lineCount > 0 ? 4 : 6));
    } else {
      const children: ElkNode[] = node.children.map(toElk);
      const edges: ElkExtendedEdge[] = [];
      if (node.initial !== undefined) {
        children.unshift({ id: initialId(node.path), width: 10, height: 10 });
        edges.push({ id: `init:${node.path}`, sources: [initialId(node.path)], targets: [elkId(node.initial)] });
      }
      elk.children = children;
      elk.edges = edges;
      elk.layoutOptions = {
        'elk.padding': `[top=${header + 8},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.ceil(textWidth + 2 * PAD)}, ${header + 20})`,
      };
      if (node.type === 'parallel' && options.stackRegions) {
        // regions one below the other: invisible edges between consecutive regions
        node.children.slice(1).forEach((region, index) => {
          const above = node.children[index] as ChartNode;
          edges.push({ id: `stack:${region.path}`, sources: [elkId(above.path)], targets: [elkId(region.path)] });
        });
      }
    }
    nodes.set(node.path, elk);
    return elk;
  };
  const root = toElk(chart.root);
  for (const edge of chart.edges) {
    const container = nodes.get(edgeContainer(edge.source, edge.target)) ?? root;
    const label: ElkLabel = { id: `${edge.id}:label`, text: edge.label, width: Math.ceil(measure(edge.label, FONT_LABEL) + 8), height: LABEL_HEIGHT, layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' } };
    (container.edges ??= []).push({ id: edge.id, sources: [elkId(edge.source)], targets: [elkId(edge.target)], labels: [label] });
  }
  for (const bundle of chart.bundles) {
    const containerPath = bundle.sources.reduce((path, source) => commonPrefix(path, edgeContainer(source, bundle.target)), edgeContainer(bundle.sources[0] ?? '', bundle.target));
    const container = nodes.get(containerPath) ?? root;
    (container.children ??= []).push({ id: hubId(bundle), width: 8, height: 8 });
    const label: ElkLabel = { id: `${bundle.id}:label`, text: bundle.label, width: Math.ceil(measure(bundle.label, FONT_LABEL) + 8), height: LABEL_HEIGHT, layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' } };
    const edges = (container.edges ??= []);
    bundle.sources.forEach((source, index) => edges.push({ id: `${bundle.id}:in:${index}`, sources: [elkId(source)], targets: [hubId(bundle)] }));
    edges.push({ id: `${bundle.id}:out`, sources: [hubId(bundle)], targets: [elkId(bundle.target)], labels: [label] });
  }
  root.layoutOptions = {
    ...root.layoutOptions,
    'elk.algorithm': 'layered',
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.json.shapeCoords': 'ROOT',
    'elk.json.edgeCoords': 'ROOT',
    'elk.direction': 'DOWN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.layered.spacing.nodeNodeBetweenLayers': '22',
    'elk.layered.spacing.edgeNodeBetweenLayers': '10',
    'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
    'elk.spacing.nodeNode': '16',
    'elk.spacing.edgeNode': '10',
    'elk.spacing.edgeEdge': '8',
    'elk.spacing.edgeLabel': '3',
    'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
    ...LAYOUT_OVERRIDES,
  };
  return root;
}

/** Extra root layout options (for experiments; empty). */
export const LAYOUT_OVERRIDES: Record<string, string> = {};

type ElkConstructor = new () => { layout(graph: ElkNode): Promise<ElkNode> };

/**
 * The ELK constructor, whichever way the bundler exposes the CommonJS module. Imported on first use: the page
 * loads (and announces itself to an app) without evaluating ELK's 1.4 MB.
 */
async function elkConstructor(): Promise<ElkConstructor> {
  const imported: unknown = await import('elkjs/lib/elk.bundled.js');
  let module = imported;
  while (typeof module !== 'function' && typeof module === 'object' && module !== null && 'default' in module) module = module.default;
  if (typeof module !== 'function') throw new Error('elkjs did not load');
  return module as ElkConstructor;
}

let elkInstance: InstanceType<ElkConstructor> | undefined;

/**
 * Lays a chart out. With `maxWidth`, a chart with parallel states that would be wider than that is laid out
 * again with its regions stacked, and the narrower layout is kept.
 */
export async function layoutChart(chart: Chart, measure: Measure, maxWidth = Infinity): Promise<Layout> {
  elkInstance ??= new (await elkConstructor())();
  const graph = await elkInstance.layout(elkGraph(chart, measure));
  const hasParallel = allNodes(chart.root).some((node) => node.type === 'parallel' && node.children.length > 1);
  if (hasParallel && (graph.width ?? 0) > maxWidth) {
    const stacked = await elkInstance.layout(elkGraph(chart, measure, { stackRegions: true }));
    if ((stacked.width ?? 0) < (graph.width ?? 0)) return { graph: stacked, chart };
  }
  return { graph, chart };
}

// ---------------------------------------------------------------- SVG

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number> = {}, parent?: Element): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  parent?.appendChild(element);
  return element;
}

function text(parent: Element, x: number, y: number, content: string, className: string): SVGTextElement {
  const node = el('text', { x, y, class: className }, parent);
  node.textContent = content;
  return node;
}

function collectElk(node: ElkNode, out: Map<string, ElkNode>, edges: ElkExtendedEdge[]): void {
  out.set(node.id, node);
  for (const edge of node.edges ?? []) edges.push(edge);
  for (const child of node.children ?? []) collectElk(child, out, edges);
}

/** Draws a laid-out chart into a new SVG element. */
export function renderChart(layout: Layout): SVGSVGElement {
  const { graph, chart } = layout;
  const shapes = new Map<string, ElkNode>();
  const elkEdges: ElkExtendedEdge[] = [];
  collectElk(graph, shapes, elkEdges);
  const width = Math.ceil(graph.width ?? 0);
  const height = Math.ceil(graph.height ?? 0);
  const svg = el('svg', { xmlns: SVG, class: 'chart', viewBox: `0 0 ${width} ${height}`, width, height, 'data-machine': chart.id });
  const defs = el('defs', {}, svg);
  const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }, marker);
  const markerActive = el('marker', { id: 'arrow-active', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead active' }, markerActive);

  const statesLayer = el('g', { class: 'states' }, svg);
  const edgesLayer = el('g', { class: 'edges' }, svg);
  const labelsLayer = el('g', { class: 'edge-labels' }, svg);

  const drawNode = (node: ChartNode, parent: Element): void => {
    const shape = shapes.get(elkId(node.path));
    if (!shape) return;
    const x = shape.x ?? 0;
    const y = shape.y ?? 0;
    const w = shape.width ?? 0;
    const h = shape.height ?? 0;
    const isRoot = node.path === '';
    const classes = ['state', node.type, node.children.length > 0 ? 'container' : 'leaf'];
    if (node.region) classes.push('region');
    if (isRoot) classes.push('root');
    const group = el('g', { class: classes.join(' ') }, parent);
    if (isRoot) group.setAttribute('data-root', chart.id);
    else {
      group.setAttribute('data-state', node.path);
      group.setAttribute('data-state-path', node.path);
    }
    const title = el('title', {}, group);
    title.textContent = [isRoot ? chart.id : node.path, node.type === 'atomic' ? '' : `(${node.type})`, node.description ? `\n${node.description}` : '', ...node.lines.map((line) => `\n• ${line}`)].join(' ');
    el('rect', { x, y, width: w, height: h, rx: isRoot ? 10 : 8, class: 'box' }, group);
    if (node.type === 'final') el('rect', { x: x + 3.5, y: y + 3.5, width: Math.max(0, w - 7), height: Math.max(0, h - 7), rx: 5, class: 'inner' }, group);
    text(group, x + PAD, y + 18, isRoot ? chart.id : node.key, 'name');
    if (node.type === 'parallel') text(group, x + w - 8, y + 17, '∥ parallel', 'kind');
    displayLines(node.lines).forEach((line, index) => {
      text(group, x + PAD + (line.indent ? INDENT : 0), y + TITLE_HEIGHT + 9 + index * LINE_HEIGHT, line.text, line.indent ? 'action-line guard' : 'action-line');
    });
    if (node.initial !== undefined) {
      const dot = shapes.get(initialId(node.path));
      if (dot) el('circle', { cx: (dot.x ?? 0) + 5, cy: (dot.y ?? 0) + 5, r: 4.5, class: 'initial' }, group);
    }
    const childrenGroup = el('g', { class: 'children' }, group);
    for (const child of node.children) drawNode(child, childrenGroup);
  };
  drawNode(chart.root, statesLayer);

  const byId = new Map<string, ChartEdge>(chart.edges.map((edge) => [edge.id, edge]));
  for (const bundle of chart.bundles) {
    const hub = shapes.get(hubId(bundle));
    const sources = bundle.sources.join('|');
    if (hub) el('circle', { cx: (hub.x ?? 0) + 4, cy: (hub.y ?? 0) + 4, r: 4, class: 'hub', 'data-sources': sources }, labelsLayer);
    bundle.sources.forEach((source, index) => byId.set(`${bundle.id}:in:${index}`, { id: `${bundle.id}:in:${index}`, source, target: bundle.target, event: bundle.event, label: '' }));
    byId.set(`${bundle.id}:out`, { id: `${bundle.id}:out`, source: sources, target: bundle.target, event: bundle.event, label: bundle.label });
  }
  for (const elkEdge of elkEdges) {
    if (elkEdge.id.startsWith('stack:')) continue;
    const edge = byId.get(elkEdge.id);
    const bundleIn = /:in:\d+$/.test(elkEdge.id);
    const group = el('g', { class: edge ? 'edge' : 'edge initial-edge' }, edgesLayer);
    if (edge) {
      group.setAttribute('data-source', edge.source);
      group.setAttribute('data-target', edge.target);
      group.setAttribute('data-event', edge.event);
    }
    for (const section of elkEdge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const line = el('polyline', { points: points.map((p) => `${p.x},${p.y}`).join(' '), class: 'line' }, group);
      if (!bundleIn) line.setAttribute('marker-end', 'url(#arrow)');
    }
    if (edge) {
      for (const label of elkEdge.labels ?? []) {
        const lx = label.x ?? 0;
        const ly = label.y ?? 0;
        const labelGroup = el('g', { class: 'edge-label', 'data-source': edge.source, 'data-event': edge.event }, labelsLayer);
        const from = edge.source.includes('|') ? `any of ${edge.source.split('|').join(', ')}` : edge.source || chart.id;
        el('title', {}, labelGroup).textContent = `${from} → ${edge.target}: ${edge.label}`;
        el('rect', { x: lx, y: ly, width: label.width ?? 0, height: label.height ?? 0, rx: 3, class: 'label-bg' }, labelGroup);
        text(labelGroup, lx + 4, ly + 12, edge.label, 'label-text');
      }
    }
  }
  return svg;
}

/**
 * Marks the active states for a state value: the class `active` and `data-active="true"` on each active state's
 * group (the attribute is removed from the others), and `active` on the edges leaving active states.
 */
export function highlight(svg: SVGSVGElement, value: unknown): Set<string> {
  const active = activePaths(value);
  for (const group of svg.querySelectorAll<SVGGElement>('g.state[data-state]')) {
    const on = active.has(group.getAttribute('data-state') ?? '');
    group.classList.toggle('active', on);
    if (on) group.setAttribute('data-active', 'true');
    else group.removeAttribute('data-active');
  }
  const anyActive = (sources: string): boolean => sources === '' || sources.split('|').some((source) => active.has(source));
  for (const group of svg.querySelectorAll<SVGGElement>('g.edge[data-source], g.edge-label[data-source]')) {
    const isActive = anyActive(group.getAttribute('data-source') ?? '');
    group.classList.toggle('active', isActive);
    for (const line of group.querySelectorAll('polyline[marker-end]')) line.setAttribute('marker-end', isActive ? 'url(#arrow-active)' : 'url(#arrow)');
  }
  for (const hub of svg.querySelectorAll<SVGCircleElement>('circle.hub')) hub.classList.toggle('active', anyActive(hub.getAttribute('data-sources') ?? ''));
  return active;
}
