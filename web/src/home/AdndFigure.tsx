// One AD&D figure in the editor: a character (class and level) or a monster (hit dice), its hit
// points, armour class, strength and dexterity, weapons from the weapon table (each may be
// magic) with the one in hand or two (R-A4), a monster's natural attacks, proficiency per weapon
// (a note, not an error, when unticked: the class's penalty applies, R-A4), spells and surprise
// chance. No map: AD&D fights on the segment clock.
import { CLASSES, canBeProficient } from '../../../src/rules/adnd/tables.ts';
import { ADND_CLASSES, ADND_SIZES, ADND_SPELLS, ADND_WEAPONS, type AdndFigureDraft, MAX_NATURALS, type NaturalDraft, blankNatural, kindOrClass, mainHand, offHand, proficient } from './adnd-draft.ts';
import { NO_WEAPON } from './draft.ts';
import { Field, Multi, NameSide } from './fields.tsx';

const weaponName = (id: string) => ADND_WEAPONS.find((w) => w.id === id)?.name ?? id;

export function AdndFigure({ f, p, errs, notes, set }: { f: AdndFigureDraft; p: string; errs(k: string): string[]; notes(k: string): string[]; set(patch: Partial<AdndFigureDraft>): void }) {
  const character = f.kind === 'character';
  const cls = CLASSES[f.cls as keyof typeof CLASSES];
  const twoInHand = offHand(f) !== null;
  return (
    <div className="grid4">
      <NameSide f={f} p={p} errs={errs} set={set} />
      <div className="grid2 tight">
        <Field label="Kind" errors={[]}>
          <select value={f.kind} onChange={(e) => set(kindOrClass(f, { kind: e.target.value as AdndFigureDraft['kind'] }))}>
            <option value="character">character</option>
            <option value="monster">monster</option>
          </select>
        </Field>
        {character ? (
          <Field label="Class" errors={errs(`${p}.class`)}>
            <select value={f.cls} onChange={(e) => set(kindOrClass(f, { cls: e.target.value }))}>
              {ADND_CLASSES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <Field label="Hit dice" errors={errs(`${p}.hd`)} hint="4, 1-1 or 6+3">
            <input value={f.hd} onChange={(e) => set({ hd: e.target.value })} />
          </Field>
        )}
      </div>
      <div className="grid3 tight">
        {character && (
          <Field label="Level" errors={errs(`${p}.level`)}>
            <input inputMode="numeric" value={f.level} onChange={(e) => set({ level: e.target.value })} />
          </Field>
        )}
        <Field label="Size" errors={errs(`${p}.size`)}>
          <select value={f.size} onChange={(e) => set({ size: e.target.value })}>
            {ADND_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label="AC" errors={errs(`${p}.ac`)}>
          <input inputMode="numeric" value={f.ac} onChange={(e) => set({ ac: e.target.value })} />
        </Field>
      </div>
      <div className="grid2 tight">
        <Field label="hp" errors={errs(`${p}.hp`)}>
          <input inputMode="numeric" value={f.hp} onChange={(e) => set({ hp: e.target.value })} />
        </Field>
        <Field label="Max hp" errors={errs(`${p}.maxHp`)}>
          <input inputMode="numeric" placeholder="= hp" value={f.maxHp} onChange={(e) => set({ maxHp: e.target.value })} />
        </Field>
      </div>
      <div className="grid2 tight">
        <Field label="Str" errors={errs(`${p}.str`)}>
          <input placeholder="10" value={f.str} onChange={(e) => set({ str: e.target.value })} />
        </Field>
        <Field label="Dex" errors={errs(`${p}.dex`)}>
          <input inputMode="numeric" placeholder="11" value={f.dex} onChange={(e) => set({ dex: e.target.value })} />
        </Field>
      </div>
      <Field label="Surprise %" errors={errs(`${p}.surpriseChance`)} hint="empty: the class's chance (monsters 33)">
        <input inputMode="numeric" placeholder={String(cls && character ? cls.surprise : 33)} value={f.surpriseChance} onChange={(e) => set({ surpriseChance: e.target.value })} />
      </Field>
      <Field label="Weapons" errors={errs(`${p}.weapons`)}>
        <Multi label="Weapons" options={ADND_WEAPONS} value={f.weapons} onChange={(weapons) => set({ weapons, weaponsByDefault: false })} />
      </Field>
      <Field label="In hand" errors={twoInHand ? [] : errs(`${p}.wield`)}>
        <select value={mainHand(f) ?? NO_WEAPON} onChange={(e) => set({ wield: e.target.value })}>
          {f.weapons.map((w) => (
            <option key={w} value={w}>
              {weaponName(w)}
            </option>
          ))}
          <option value={NO_WEAPON}>nothing (draws later)</option>
        </select>
      </Field>
      {f.weapons.length >= 2 && (
        // The engine's complaints about the pair (too many hands, a dexterity too low) go here.
        <Field label="In off hand" errors={[...errs(`${p}.wield.1`), ...(twoInHand ? errs(`${p}.wield`) : [])]} hint="two weapons: the dexterity table's two-weapon columns (R-A4)">
          <select value={f.weapons.includes(f.offHand) ? f.offHand : ''} onChange={(e) => set({ offHand: e.target.value })}>
            <option value="">nothing</option>
            {f.weapons.map((w) => (
              <option key={w} value={w}>
                {weaponName(w)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {twoInHand && (
        <Field label="Two Weapons skill" errors={errs(`${p}.twoWeapons`)} hint="the next better row of the two-weapon columns (R-A4)" className="check-field">
          <input type="checkbox" checked={f.twoWeapons} onChange={(e) => set({ twoWeapons: e.target.checked })} />
        </Field>
      )}
      {f.weapons.length > 0 && (
        <fieldset className="magic-edit">
          <legend className="field-label">Magic (+N to hit and damage)</legend>
          {f.weapons.map((w, j) => {
            const m = f.magic[w] ?? { hit: '', dmg: '' };
            const setMagic = (patch: Partial<typeof m>) => set({ magic: { ...f.magic, [w]: { ...m, ...patch } } });
            return (
              <fieldset key={w} className="magic grid2 tight" aria-label={`magic ${weaponName(w)}`}>
                <Field label={`${weaponName(w)} +`} errors={[...errs(`${p}.weapons.${j}`), ...errs(`${p}.weapons.${j}.magic`)]}>
                  <input placeholder="0" value={m.hit} onChange={(e) => setMagic({ hit: e.target.value })} />
                </Field>
                <Field label="damage +" errors={errs(`${p}.weapons.${j}.magic.dmg`)}>
                  <input placeholder="same" value={m.dmg} onChange={(e) => setMagic({ dmg: e.target.value })} />
                </Field>
              </fieldset>
            );
          })}
        </fieldset>
      )}
      {!character && <Naturals f={f} p={p} errs={errs} set={set} />}
      {character && f.weapons.length > 0 && (
        <fieldset className={`profs${errs(`${p}.proficiencies`).length > 0 ? ' invalid' : ''}`}>
          <legend className="field-label">Proficient with</legend>
          {f.weapons.map((w) => (
            <label key={w} className="check">
              {/* Not to be ticked where the class cannot be proficient (a magic-user's spear): the note below says why. */}
              <input
                type="checkbox"
                checked={proficient(f, w)}
                disabled={!canBeProficient(f.cls, w)}
                onChange={(e) => set({ unskilled: e.target.checked ? f.unskilled.filter((x) => x !== w) : [...f.unskilled, w] })}
              />
              {weaponName(w)}
            </label>
          ))}
          {errs(`${p}.proficiencies`).map((m) => (
            <span key={m} className="field-error" role="alert">
              {m}
            </span>
          ))}
          {notes(`${p}.proficiencies`).map((m) => (
            <span key={m} className="field-note">
              {m}
            </span>
          ))}
        </fieldset>
      )}
      {character && (
        <Field label="Spells (one each)" errors={errs(`${p}.spells`)}>
          <Multi label="Spells" options={ADND_SPELLS} value={f.spells} onChange={(spells) => set({ spells })} />
        </Field>
      )}
    </div>
  );
}

/** A monster's natural attacks (a wolf's bite, a bear's claw/claw/bite): name, speed factor, damage. */
function Naturals({ f, p, errs, set }: { f: AdndFigureDraft; p: string; errs(k: string): string[]; set(patch: Partial<AdndFigureDraft>): void }) {
  const put = (k: number, patch: Partial<NaturalDraft>) => set({ naturals: f.naturals.map((n, i) => (i === k ? { ...n, ...patch } : n)) });
  return (
    <fieldset className="naturals-edit">
      <legend className="field-label">Natural attacks (bite, claw: no weapon)</legend>
      {f.naturals.map((n, k) => {
        // Its path in the scenario: after the figure's table weapons.
        const q = `${p}.weapons.${f.weapons.length + k}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: attacks are edited in place by position
          <fieldset key={k} className="natural" aria-label={`natural attack ${k + 1}`}>
            <Field label="Attack" errors={[...errs(q), ...errs(`${q}.name`)]}>
              <input placeholder="bite" value={n.name} onChange={(e) => put(k, { name: e.target.value })} />
            </Field>
            <Field label="SF" errors={errs(`${q}.sf`)}>
              <input inputMode="numeric" placeholder="3" value={n.sf} onChange={(e) => put(k, { sf: e.target.value })} />
            </Field>
            <Field label="Damage" errors={errs(`${q}.damage`)}>
              <input placeholder="2d4" value={n.damage} onChange={(e) => put(k, { damage: e.target.value })} />
            </Field>
            <button type="button" className="ghost small" aria-label={`remove natural attack ${k + 1}${n.name.trim() ? ` (${n.name.trim()})` : ''}`} onClick={() => set({ naturals: f.naturals.filter((_, i) => i !== k) })}>
              remove
            </button>
          </fieldset>
        );
      })}
      {f.naturals.length < MAX_NATURALS && (
        <button type="button" className="small" onClick={() => set({ naturals: [...f.naturals, blankNatural()] })}>
          Add a natural attack
        </button>
      )}
    </fieldset>
  );
}
