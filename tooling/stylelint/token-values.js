// Feature and kit CSS draws its colours, spacing, type sizes, radii and shadows from the design
// tokens (packages/ui/src/tokens/tokens.css), so a theme is one file and the scale stays a scale.
import { readFileSync } from 'node:fs';
import stylelint from 'stylelint';

const ruleName = 'portal/token-values';

const messages = stylelint.utils.ruleMessages(ruleName, {
  colour: (value, hint) =>
    `${value} is a colour written by hand: use a colour token, var(--color-…) or a palette step${hint}.`,
  length: (property, value, hint) =>
    `${property}: ${value} is a magic number: use a token${hint} from packages/ui/src/tokens/tokens.css, add the missing step there, or write why with "/* stylelint-disable-next-line ${ruleName} -- reason */".`,
});

/** The tokens' values, so a message can name the token that already holds a number. */
const tokensByValue = new Map();
const tokensCss = readFileSync(
  new URL('../../packages/ui/src/tokens/tokens.css', import.meta.url),
  'utf8',
);
for (const [, name, value] of tokensCss.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
  const key = value.trim().toLowerCase();
  tokensByValue.set(key, [...(tokensByValue.get(key) ?? []), name]);
}

/** The scale a property's values belong to: a radius is named from the radii, and so on. */
function family(property) {
  if (!property) return /^--(?:color|gray|red|blue|[a-z]+-(?:red|green|orange|blue))/;
  if (property === 'font-size') return /^--font-size-/;
  if (property.endsWith('radius')) return /^--radius-/;
  if (property === 'box-shadow') return /^--(?:shadow|focus)-/;
  return /^--space-/;
}

function hint(value, property) {
  const names = tokensByValue.get(value.toLowerCase()) ?? [];
  const token = names.find((name) => family(property).test(name));
  return token ? ` (var(${token}) holds ${value})` : '';
}

/** Properties whose lengths come from the spacing, type, radius and shadow scales. */
const scaled =
  /^(?:margin|padding|scroll-margin|scroll-padding)(?:-|$)|^(?:gap|row-gap|column-gap|font-size|box-shadow)$|^border(?:-[a-z]+)*-radius$/;
const colourFunctions = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)$/i;
const number = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?([a-z]+|%)?$/i;

/**
 * Splits a value into its words and functions: `var(--a, 8px) 2px` gives a var function (name
 * and fallback) and the word `2px`. Strings and url() are skipped whole.
 */
function* walk(value) {
  let index = 0;
  function* readUntil(closing) {
    let word = '';
    const flush = function* () {
      if (word) yield { type: 'word', value: word };
      word = '';
    };
    while (index < value.length) {
      const char = value[index];
      if (char === '"' || char === "'") {
        const end = value.indexOf(char, index + 1);
        index = end === -1 ? value.length : end + 1;
        word = '';
        continue;
      }
      if (char === '(') {
        const name = word;
        word = '';
        index += 1;
        if (name.toLowerCase() === 'url') {
          const end = value.indexOf(')', index);
          index = end === -1 ? value.length : end + 1;
          continue;
        }
        yield { type: 'function', name, nodes: [...readUntil(')')] };
        continue;
      }
      if (char === closing) {
        index += 1;
        yield* flush();
        return;
      }
      if (/[\s,/*+]/.test(char) || (char === '-' && !word && /\s/.test(value[index + 1] ?? ''))) {
        index += 1;
        yield* flush();
        continue;
      }
      word += char;
      index += 1;
    }
    yield* flush();
  }
  yield* readUntil(undefined);
}

function* problems(nodes, property) {
  for (const node of nodes) {
    if (node.type === 'function') {
      if (colourFunctions.test(node.name)) {
        yield { kind: 'colour', text: `${node.name}()` };
        continue;
      }
      // var(--token) is the point; its fallback, if any, is checked like any other value.
      const nodesToCheck = node.name.toLowerCase() === 'var' ? node.nodes.slice(1) : node.nodes;
      yield* problems(nodesToCheck, property);
      continue;
    }
    const word = node.value;
    if (/^#[\da-f]{3,8}$/i.test(word)) {
      yield { kind: 'colour', text: word };
      continue;
    }
    const match = number.exec(word);
    if (!match || !property) continue;
    const unit = match[1]?.toLowerCase();
    // Unitless factors (calc(-1 * var(--space-xs))), proportions and zero are not scale steps.
    if (!unit || unit === '%' || Number.parseFloat(word) === 0) continue;
    // A one-pixel ring drawn as a shadow is a border.
    if (property === 'box-shadow' && word === '1px') continue;
    yield { kind: 'length', text: word };
  }
}

/** @type {import('stylelint').Rule} */
const rule = (enabled) => (root, result) => {
  if (!enabled) return;
  root.walkDecls((declaration) => {
    const property = declaration.prop.toLowerCase();
    const lengthProperty = !property.startsWith('--') && scaled.test(property) ? property : null;
    for (const problem of problems(walk(declaration.value), lengthProperty)) {
      stylelint.utils.report({
        ruleName,
        result,
        node: declaration,
        word: problem.text,
        message:
          problem.kind === 'colour'
            ? messages.colour(problem.text, hint(problem.text, null))
            : messages.length(property, problem.text, hint(problem.text, property)),
      });
    }
  });
};

rule.ruleName = ruleName;
rule.messages = messages;

export default stylelint.createPlugin(ruleName, rule);
