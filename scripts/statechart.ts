/**
 * A Mermaid `stateDiagram-v2` built from a machine's own definition (never hand-written), so the diagram in
 * docs/statechart.md cannot drift from machines/charleston.machine.ts.
 *
 * How each construct is drawn:
 * - a compound state is a composite block `state id { … }` with `[*] --> initialChild`;
 * - a parallel state is a composite block whose regions are separated by `--`;
 * - a final state gets `id --> [*]` inside its parent;
 * - a nested state has a path id (`firstCharleston_right`, Mermaid ids are global and cannot hold dots)
 *   and shows its own key as label (`state "right" as firstCharleston_right`);
 * - a transition with a target is an edge labelled `event [guard]`; an eventless one is labelled `always [guard]`;
 * - a targetless transition (actions only) on an atomic state is a self-loop labelled the same way; on a
 *   compound or parallel state it is listed in a note beside the composite, since Mermaid draws no loop on a cluster.
 *   Those on the machine's root are listed by {@link rootHandlers} instead.
 *
 * Every edge is written in the block of the lowest common (non-parallel) ancestor of its ends, after all the
 * states of that block are declared: Mermaid places a state in the first block that mentions it.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** One edge or note line, ready to print. */
interface Edge {
  from: string;
  to: string;
  label: string;
}

/** The Mermaid id of a state node: its path joined by `_` (the root has none). */
function idOf(node: AnyStateNode): string {
  return node.path.map((key) => key.replace(/[^A-Za-z0-9_]/g, '_')).join('_');
}

/** Text that is safe in a Mermaid transition label or note (no `;`, `:` or line break). */
function clean(text: string): string {
  return text.replace(/[;:\n\r]+/g, ' ').trim();
}

/**
 * `isLegalCommit(phase=firstCharleston.left)` for a guard with params, its name otherwise; `` when unguarded. A
 * composite guard of XState (`and`, `or`, `not`) shows its parts joined: `isWinningOpening(…) and hasDeclarationReview`.
 */
function guardText(guard: AnyTransitionDefinition['guard']): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts = (guard as { guards?: unknown }).guards;
    if (Array.isArray(parts) && (guard.name === 'and' || guard.name === 'or')) {
      return parts.map((part) => guardText(part as AnyTransitionDefinition['guard'])).join(` ${guard.name} `);
    }
    if (Array.isArray(parts) && guard.name === 'not') return `not ${parts.map((part) => guardText(part as AnyTransitionDefinition['guard'])).join(' ')}`;
    return guard.name || 'inline';
  }
  const params = guard.params;
  if (params === undefined || params === null || typeof params !== 'object') return guard.type;
  const entries = Object.entries(params as Record<string, unknown>).map(([key, value]) => `${key}=${String(value)}`);
  return entries.length === 0 ? guard.type : `${guard.type}(${entries.join(', ')})`;
}

/** `pass.commit [isLegalCommit(phase=firstCharleston.right)]`, `always [allSeatsCommitted]`, `hand.redeal`. */
function labelOf(eventType: string, transition: AnyTransitionDefinition): string {
  const guard = guardText(transition.guard);
  return clean(guard === '' ? eventType : `${eventType} [${guard}]`);
}

/** The event transitions of a node (definition order) followed by its eventless ones. */
function transitionsOf(node: AnyStateNode): Array<{ eventType: string; transition: AnyTransitionDefinition }> {
  const list: Array<{ eventType: string; transition: AnyTransitionDefinition }> = [];
  for (const [eventType, transitions] of node.transitions) {
    for (const transition of transitions) list.push({ eventType, transition });
  }
  for (const transition of node.always ?? []) list.push({ eventType: 'always', transition });
  return list;
}

/** The children of a node, in definition order. */
function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** The nearest node that contains both `a` and `b` and is not parallel (edges cannot sit between regions). */
function blockFor(a: AnyStateNode, b: AnyStateNode): AnyStateNode {
  const ancestors = (node: AnyStateNode): AnyStateNode[] => {
    const chain: AnyStateNode[] = [];
    for (let current: AnyStateNode | undefined = node.parent; current; current = current.parent) chain.push(current);
    return chain;
  };
  const ofB = new Set(ancestors(b));
  // A transition to a descendant of its source is drawn in the source's own block.
  if (ofB.has(a) && a.type !== 'parallel' && a.type !== 'atomic') return a;
  for (const node of ancestors(a)) {
    if (ofB.has(node) && node.type !== 'parallel') return node;
  }
  return a.machine.root;
}

/** Lines of the note listing a composite state's targetless transitions. */
function noteLines(node: AnyStateNode, indent: string): string[] {
  if (node.type === 'atomic' || node.type === 'final') return [];
  const labels = transitionsOf(node)
    .filter(({ transition }) => transition.target === undefined)
    .map(({ eventType, transition }) => labelOf(eventType, transition));
  if (labels.length === 0) return [];
  // Note lines stay flush left: Mermaid keeps their indentation in the (Markdown) note text.
  return [`${indent}note right of ${idOf(node)}`, ...labels, `${indent}end note`];
}

/** Every edge of the machine, grouped by the id of the block it is written in (the root is ``). */
function collectEdges(root: AnyStateNode): Map<string, Edge[]> {
  const byBlock = new Map<string, Edge[]>();
  const add = (block: AnyStateNode, edge: Edge): void => {
    const key = block === root ? '' : idOf(block);
    const edges = byBlock.get(key) ?? [];
    edges.push(edge);
    byBlock.set(key, edges);
  };
  const visit = (node: AnyStateNode): void => {
    if (node !== root) {
      for (const { eventType, transition } of transitionsOf(node)) {
        const label = labelOf(eventType, transition);
        if (transition.target === undefined) {
          // Actions only: a self-loop on a simple state; composites list these in a note instead.
          if (node.type === 'atomic' || node.type === 'final') add(blockFor(node, node), { from: idOf(node), to: idOf(node), label });
          continue;
        }
        for (const target of transition.target) {
          add(blockFor(node, target as AnyStateNode), { from: idOf(node), to: idOf(target as AnyStateNode), label });
        }
      }
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(root);
  return byBlock;
}

/** The lines of one composite block's body (or of the whole diagram for the root). */
function blockBody(node: AnyStateNode, edges: Map<string, Edge[]>, indent: string): string[] {
  const lines: string[] = [];
  const isRoot = node.parent === undefined;
  const children = childrenOf(node);
  if (node.type === 'compound') {
    for (const target of node.initial.target) lines.push(`${indent}[*] --> ${idOf(target as AnyStateNode)}`);
  }
  children.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    lines.push(...stateLines(child, edges, indent));
    lines.push(...noteLines(child, indent));
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
  });
  for (const edge of edges.get(isRoot ? '' : idOf(node)) ?? []) {
    lines.push(`${indent}${edge.from} --> ${edge.to} : ${edge.label}`);
  }
  return lines;
}

/** The declaration of one state: a plain state, or a composite block with its body. */
function stateLines(node: AnyStateNode, edges: Map<string, Edge[]>, indent: string): string[] {
  const id = idOf(node);
  const lines: string[] = [];
  const nested = node.path.length > 1;
  if (nested) lines.push(`${indent}state "${clean(node.key).replace(/"/g, "'")}" as ${id}`);
  if (childrenOf(node).length === 0) {
    // A bare id declares a state; `state id` would swallow a following `state other {` line into its name.
    if (!nested) lines.push(`${indent}${id}`);
    return lines;
  }
  lines.push(`${indent}state ${id} {`, ...blockBody(node, edges, `${indent}    `), `${indent}}`);
  return lines;
}

/** Throws when two state nodes would share a Mermaid id. */
function assertUniqueIds(root: AnyStateNode): void {
  const seen = new Map<string, string>();
  const visit = (node: AnyStateNode): void => {
    for (const child of childrenOf(node)) {
      const id = idOf(child);
      const other = seen.get(id);
      if (other !== undefined) throw new Error(`states ${other} and ${child.id} would share the Mermaid id ${id}`);
      seen.set(id, child.id);
      visit(child);
    }
  };
  visit(root);
}

/**
 * The machine as a Mermaid `stateDiagram-v2` (without the code fence), built only from `machine.root`:
 * same machine, same text.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  if (root.type !== 'compound') throw new Error(`toMermaid draws a compound root; ${machine.id} is ${root.type}`);
  assertUniqueIds(root);
  const body = blockBody(root, collectEdges(root), '    ');
  return ['stateDiagram-v2', ...body].join('\n') + '\n';
}

/**
 * The root's own transitions, as `event [guard]` labels: they apply in every state and are not drawn
 * (e.g. `engine.refused`, which only emits the refusal).
 */
export function rootHandlers(machine: AnyStateMachine): string[] {
  return transitionsOf(machine.root).map(({ eventType, transition }) => labelOf(eventType, transition));
}
