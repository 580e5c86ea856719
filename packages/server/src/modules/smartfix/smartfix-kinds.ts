/**
 * Training side of the finer kinds (contracts' SMARTFIX_KINDS): how a repair record is recognised
 * as a washing machine, a fridge… Read on the record's `partner_product_category` (the provider's
 * own label: Danish « Husholdningsapparater ~ Vaskemaskine », Welsh « Electrical ~ Lawn Mower »,
 * Dutch, English) followed by the first words of its description (Repair Cafe Wales files large
 * appliances under one label and names the device there: « Washing machine not spinning »).
 * A kind is only looked for in the ORDS categories listed in `from`, so that « pressure washer »
 * (a power tool) is no washing machine and « hair trimmer » no garden trimmer. The first match wins.
 */
export const KIND_PATTERNS: { id: string; from: number[]; pattern: RegExp }[] = [
  { id: 'lave-vaisselle', from: [17, 18, 28, 29], pattern: /dish ?washer|opvaskemaskine|vaatwas|geschirrsp/ },
  {
    id: 'lave-linge',
    from: [17, 18, 28],
    pattern: /washing ?machine|(?<!op)vaskemaskine|wasmachine|waschmaschine|lave.linge|\bwasher.?dryer/,
  },
  { id: 'seche-linge', from: [17, 18, 28], pattern: /tumble|t.rretumbler|droogkast|droger|clothes dryer|seche.linge/ },
  { id: 'refrigerateur', from: [17, 18, 28, 29], pattern: /fridge|refrigerator|freezer|k.leskab|fryser|koelkast|diepvries|vriezer|frigo/ },
  { id: 'micro-ondes', from: [17, 18, 28, 29], pattern: /micro ?wave|mi[ck]ro.?(b.lge)?ovn|magnetron|micro.?ondes/ },
  { id: 'mini-four', from: [17, 28, 29, 31], pattern: /toaster ?oven|mini.?ovn|mini.?oven|bordovn|mini.?four|convection oven/ },
  {
    id: 'four',
    from: [17, 18, 28, 29],
    pattern: /\boven\b|\bcooker\b|\bovn\b|komfur|kogeplade|induktion|\bhob\b|fornuis|kookplaat|kookplaat|cuisiniere/,
  },
  { id: 'hotte', from: [17, 18, 28, 29, 7], pattern: /emh.tte|cooker hood|extractor hood|afzuigkap|\bhotte\b/ },
  {
    id: 'tondeuse-gazon',
    from: [17, 24, 28, 18],
    pattern: /mower|plæneklipper|plaeneklipper|gr.sslåmaskine|gr.ssl.maskine|grasmaaier|gr.sklipper|robotpl/,
  },
  {
    id: 'velo-trottinette',
    from: [17, 2, 28, 32, 18],
    pattern: /e.?bike|elcykel|el.?cykel|scooter|l.behjul|\bstep\b|elektrische fiets|e.?step/,
  },
  { id: 'chauffage', from: [7, 28, 17, 18], pattern: /heater|radiator|varmebl.ser|el.?radiator|kachel|verwarming|chauffage/ },
  { id: 'pese-personne', from: [28, 29, 18], pattern: /\bscales?\b|v.gt\b|badev.gt|k.kkenv.gt|weegschaal|balance/ },
  { id: 'friteuse', from: [29, 28, 17], pattern: /air ?fryer|friture|fryer|frituur|frituregryde|friteuse/ },
  { id: 'machine-a-pain', from: [29, 28, 37], pattern: /bread ?maker|bread machine|bagemaskine|br.dmaskine|broodbakmachine|broodmachine/ },
  { id: 'cuiseur-riz', from: [29, 28], pattern: /rice ?cooker|riskoger|rijstkoker/ },
  { id: 'gaufrier', from: [29, 28, 31], pattern: /waffle|vaffeljern|wafelijzer|sandwich (maker|toaster)|toastie|panini/ },
  { id: 'expresso', from: [36], pattern: /espresso|nespresso|senseo|dolce ?gusto|tassimo|\bpods?\b|capsule|kapsel|bean.to.cup|coffee pod/ },
  {
    id: 'mixeur',
    from: [37, 29, 28],
    pattern: /blender|smoothie|nutri.?bullet|stavblender|staafmixer|hand ?blender|stick blender|liquidiser|liquidizer/,
  },
  { id: 'batteur', from: [37, 29, 28], pattern: /mixer|h.ndmixer|mikser|r.remaskine|kitchen ?aid|whisk|keukenmachine|kenwood chef/ },
  { id: 'centrifugeuse', from: [37, 29, 28], pattern: /juicer|juice|citruspresse|saftpresse|sapcentrifuge|citrus press/ },
  { id: 'aspirateur-robot', from: [34], pattern: /robot|roomba|robotst.vsuger|robotstofzuiger/ },
  {
    id: 'aspirateur-balai',
    from: [34],
    pattern: /\bstick\b|cordless|hand.?held|h.ndst.vsuger|kruimeldief|steelstofzuiger|\bakku|dust ?buster/,
  },
  { id: 'perceuse', from: [24], pattern: /drill|boremaskine|skruemaskine|screwdriver|skruetr.kker|boormachine|schroefmachine|accuboor/ },
  { id: 'taille-haie', from: [24, 17], pattern: /hedge|h.kkeklipper|h.kklipper|h.kkesaks|heggenschaar/ },
  {
    id: 'coupe-bordure',
    from: [24, 17],
    pattern: /strimmer|trimmer|gr.strimmer|kantklipper|kanttrimmer|buskrydder|bosmaaier|brush ?cutter/,
  },
  { id: 'nettoyeur-haute-pression', from: [24, 17, 28], pattern: /pressure washer|power washer|h.jtryksrenser|hogedrukreiniger|k.rcher/ },
  {
    id: 'tronconneuse',
    from: [24, 17],
    pattern: /chain ?saw|k.desav|motorsav|kettingzaag|jig ?saw|circular saw|stiksav|rundsav|bajonetsav|\bsaw\b|decoupeerzaag/,
  },
  {
    id: 'rasoir',
    from: [9, 39],
    pattern: /shaver|barbermaskine|scheerapparaat|trimmer|clipper|sk.gtrimmer|h.rtrimmer|h.rklipper|tondeuse|epilat/,
  },
  { id: 'lisseur', from: [9, 39], pattern: /straighten|glattejern|kr.llejern|curl|stijltang|krultang|hair iron|crimper/ },
  { id: 'brosse-a-dents', from: [9], pattern: /tooth ?brush|tandb.rste|tandenborstel|oral.?b|sonicare/ },
  {
    id: 'platine-vinyle',
    from: [13, 12, 23],
    pattern: /record player|turntable|pladespiller|platenspeler|gramophone|grammofon|vinyl|record deck/,
  },
  {
    id: 'lecteur-cd',
    from: [13, 12, 23],
    pattern: /\bcd\b|cd.?player|cd.?afspiller|cd.?speler|cassette|tape ?deck|b.ndoptager|minidisc|\bdvd/,
  },
  { id: 'ampli', from: [13, 12], pattern: /amplifier|\bamp\b|forst.rker|versterker|receiver|speaker|h.jttaler|luidspreker|subwoofer/ },
  { id: 'montre', from: [35], pattern: /watch|armb.ndsur|polsur|polshorloge/ },
  { id: 'horloge', from: [35], pattern: /clock|v.kkeur|\bur\b|wekker|\bklok|pendul|v.gur|stueur|bornholmer/ },
  { id: 'televiseur', from: [8, 33], pattern: /\btv\b|television|telly|fjernsyn|\btelevisie|fladsk.rm(?!.*computer)/ },
];

/** The kind of a repair record, or null. */
export function kindOfRecord(categoryId: number, partnerCategory: string, problem: string): string | null {
  const label = `${partnerCategory} | ${problem.slice(0, 60)}`.toLowerCase();
  for (const k of KIND_PATTERNS) if (k.from.includes(categoryId) && k.pattern.test(label)) return k.id;
  return null;
}
