// The grammar's extension points (docs/language.md section 25, "Extending a system"): a file that sees a
// system adds to its declarations, or replaces or removes a named part of them, without editing its files;
// and `overrides "TITLE"`, a mod's word that it changes an example's outcome. The second class of the
// parser's chain (after `declarations.ts`, before `statements.ts`).
import { DeclarationRules } from "./declarations.ts";
import * as T from "./tokens.ts";

const k = T.keywords;

export abstract class ExtensionRules extends DeclarationRules {
  // The extension points (docs section "Extending a system"): a file that imports a system adds to its
  // declarations, or replaces or removes a named part of them, without editing its files.
  // extend enum Terrain { swamp }   extend kind Unit { fear: int = 0 }   extend table moveCost { _, true => 2 }
  // extend fn bonus(x: T) -> int = previous(x) + 1
  // extend value damage stages [multiply exclusive largest, cap before bounds, late]
  extendDecl = this.RULE("extendDecl", () => {
    this.CONSUME(k.extend);
    this.OR([
      { ALT: () => this.SUBRULE(this.fnDecl) },
      {
        ALT: () => {
          this.CONSUME(k.value);
          this.CONSUME4(T.Name, { LABEL: "target" });
          this.CONSUME(k.stages);
          this.SUBRULE(this.stageChanges);
        },
      },
      {
        ALT: () => {
          this.CONSUME(k.enum);
          this.CONSUME(T.Name, { LABEL: "target" });
          this.SUBRULE(this.memberBlock);
        },
      },
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(k.kind) }, { ALT: () => this.CONSUME(k.record) }]);
          this.CONSUME2(T.Name, { LABEL: "target" });
          this.SUBRULE(this.fieldBlock);
        },
      },
      {
        ALT: () => {
          this.CONSUME(k.table);
          this.CONSUME3(T.Name, { LABEL: "target" });
          this.CONSUME(T.LBrace);
          this.MANY(() => this.SUBRULE(this.tableRow));
          this.CONSUME(T.RBrace);
        },
      },
    ]);
  });

  // replace modifier m for v : add 2   replace on E as h { ... }   replace row t(_, true) => 2   replace fn f(x: int) -> int = x
  replaceDecl = this.RULE("replaceDecl", () => {
    this.CONSUME(k.replace);
    this.OR([
      { ALT: () => this.SUBRULE(this.modifierDecl) },
      { ALT: () => this.SUBRULE(this.fnDecl) },
      { ALT: () => this.SUBRULE(this.triggerDecl) },
      {
        ALT: () => {
          this.SUBRULE(this.rowRef);
          this.CONSUME(T.FatArrow);
          this.SUBRULE(this.expression, { LABEL: "result" });
        },
      },
    ]);
  });

  // remove modifier m   remove handler h   remove row t(_, true)
  removeDecl = this.RULE("removeDecl", () => {
    this.CONSUME(k.remove);
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(k.modifier, { LABEL: "what" }) }, { ALT: () => this.CONSUME(k.handler, { LABEL: "what" }) }]);
          this.CONSUME(T.Name, { LABEL: "target" });
        },
      },
      { ALT: () => this.SUBRULE(this.rowRef) },
    ]);
  });

  // `row moveCost(_, true)`: a table's row, named by its patterns as written.
  rowRef = this.RULE("rowRef", () => {
    this.CONSUME(k.row);
    this.CONSUME(T.Name, { LABEL: "target" });
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.pattern) });
    this.CONSUME(T.RParen);
  });

  // final enum E { ... }: no file may extend, replace or remove it.
  finalDecl = this.RULE("finalDecl", () => {
    this.CONSUME(k.final);
    this.OR([
      { ALT: () => this.SUBRULE(this.enumDecl) },
      { ALT: () => this.SUBRULE(this.kindDecl) },
      { ALT: () => this.SUBRULE(this.tableDecl) },
      { ALT: () => this.SUBRULE(this.modifierDecl) },
      { ALT: () => this.SUBRULE(this.triggerDecl) },
      { ALT: () => this.SUBRULE(this.fnDecl) },
      { ALT: () => this.SUBRULE(this.valueDecl) },
    ]);
  });

  // overrides "TITLE": a mod means to change the outcome of that example of what it extends.
  overridesDecl = this.RULE("overridesDecl", () => {
    this.CONSUME(k.overrides);
    this.CONSUME(T.StringLiteral);
  });
}
