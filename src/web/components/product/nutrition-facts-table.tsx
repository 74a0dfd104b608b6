import type { NutritionFactsTable as Table } from '../../../domain/nutrition-facts';

/** "English / français", the French marked as French for screen readers; one word when both agree. */
function Bilingual({ en, fr }: { en: string; fr: string }) {
  if (en === fr) return <>{en}</>;
  return (
    <>
      {en} / <span lang="fr">{fr}</span>
    </>
  );
}

const percent = (value: number | null) => (value === null ? '' : `${value} %`);
const rule = 'border-t border-ink';

/**
 * The Nutrition Facts table laid out like the Canadian one on a package (docs/product.md, Nutrition
 * Facts; decision 0062): bilingual headings, the serving, Calories, the lines with their % daily
 * value, the minerals after a thick rule, and the footnote. The server rounds and computes
 * everything (domain/nutrition-facts.ts); this only lays it out, so it adds little to the page's
 * scripts and nothing interactive. The product page's section, with the table's title as its heading.
 */
export function NutritionFactsTable({ table }: { table: Table | null }) {
  if (!table) return null;
  return (
    <section aria-labelledby="nutrition-facts-title" className="below-fold container-page pb-16">
      <FactsTable table={table} titleId="nutrition-facts-title" Title="h2" />
    </section>
  );
}

/**
 * One table, named by its caption; the caption's title is a heading at the level the page needs (`h2`
 * on a product page; `h4` under a flavour's heading on the variety pack's page), with `titleId`.
 */
export function FactsTable({ table, titleId, Title }: { table: Table; titleId: string; Title: 'h2' | 'h4' }) {
  const { text } = table;
  return (
    <table className="mx-auto w-full max-w-sm border-2 border-ink bg-white text-left text-sm text-ink">
      <caption className="border-2 border-b-0 border-ink bg-white px-3 pt-2 text-left">
        <Title id={titleId} className="font-sans text-2xl leading-tight font-extrabold text-ink">
          {text.title.en}
          <span className="block" lang="fr">
            {text.title.fr}
          </span>
        </Title>
        <p className="mt-1 border-b-8 border-ink pb-1">
          {text.per.en} {table.serving.en} / <span lang="fr">{`${text.per.fr} ${table.serving.fr}`}</span>
        </p>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="px-3">
            <span className="sr-only">
              Nutrient / <span lang="fr">Nutriment</span>
            </span>
          </th>
          <th scope="col">
            <span className="sr-only">
              Amount / <span lang="fr">Teneur</span>
            </span>
          </th>
          <th scope="col" className="px-3 pt-1 text-right text-xs leading-tight font-bold">
            {text.dailyValue.en}
            <span className="block" lang="fr">
              {text.dailyValue.fr}
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        <tr data-nutrient="calories">
          <th scope="row" className="px-3 pb-1 text-xl font-extrabold">
            {text.calories.en}
          </th>
          <td className="pb-1 text-xl font-extrabold" colSpan={2}>
            {table.calories}
          </td>
        </tr>
        {table.lines.map((line, index) => {
          const top =
            index === 0 ? 'border-t-4 border-ink' : line.key === 'potassium' ? 'border-t-8 border-ink' : rule;
          const name = `px-3 py-1 whitespace-nowrap ${line.indent ? 'pl-7 font-normal' : 'font-bold'}`;
          const main = (
            <tr key={line.key} className={top} data-nutrient={line.key}>
              <th scope="row" className={name}>
                <Bilingual en={line.en} fr={line.fr} />
              </th>
              <td className="w-full py-1">{line.amount}</td>
              <td className="px-3 py-1 text-right font-bold" rowSpan={line.second ? 2 : 1}>
                {percent(line.percent)}
              </td>
            </tr>
          );
          if (!line.second) return main;
          return [
            main,
            <tr key={`${line.key}-second`} data-nutrient={`${line.key}-second`}>
              <th scope="row" className={`${name} pt-0`}>
                <Bilingual en={line.second.en} fr={line.second.fr} />
              </th>
              <td className="pt-0 pb-1">{line.second.amount}</td>
            </tr>,
          ];
        })}
      </tbody>
      <tfoot>
        <tr className="border-t-4 border-ink">
          <td colSpan={3} className="px-3 py-2 text-xs">
            {text.footnote.en}
            <span className="block" lang="fr">
              {text.footnote.fr}
            </span>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
