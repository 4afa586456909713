import type { TFieldCatalogue } from './field.js';

// The test form's words in Spanish (see en-test-readings.ts). psid stays psid, as testers write it.

export const TEST_READINGS_ES: TFieldCatalogue['testReadings'] = {
  valves: {
    check1: 'Válvula de retención 1',
    reliefValve: 'Válvula de alivio',
    check2: 'Válvula de retención 2',
    shutoffs: 'Válvulas de cierre',
    airInlet: 'Entrada de aire',
    check: 'Válvula de retención',
    airGap: 'Separación de aire',
  },
  labels: {
    check1HeldPsid: 'Presión que mantuvo la válvula de retención 1 (psid)',
    check1ClosedTight: '¿La válvula de retención 1 cerró herméticamente?',
    reliefOpenedPsid: 'Presión a la que se abrió la válvula de alivio (psid)',
    check2HeldPsid: 'Presión que mantuvo la válvula de retención 2 (psid)',
    check2ClosedTight: '¿La válvula de retención 2 cerró herméticamente?',
    check2BackpressureTight: '¿La válvula de retención 2 fue hermética contra la contrapresión?',
    shutoff1Tight: '¿La válvula de cierre 1 fue hermética?',
    shutoff2Tight: '¿La válvula de cierre 2 fue hermética?',
    airInletOpenedPsid: 'Presión a la que se abrió la entrada de aire (psid)',
    airInletFullyOpen: '¿La entrada de aire se abrió por completo?',
    checkHeldPsid: 'Presión que mantuvo la válvula de retención (psid)',
    supplyDiameterInches: 'Diámetro del tubo de suministro (pulgadas)',
    airGapInches: 'Separación de aire medida (pulgadas)',
  },
  answers: {
    tight: 'Hermética',
    leaked: 'Tuvo fuga',
    openedFully: 'Se abrió por completo',
    notOpenedFully: 'No se abrió por completo',
    notOpened: 'No se abrió',
  },
  results: { pass: 'Aprobada', fail: 'Reprobada', incomplete: 'Incompleta' },
  outcomes: { pass: 'Cumple la regla', fail: 'No cumple la regla', missing: 'Falta la lectura' },
  rules: {
    check1Min:
      'La válvula de retención 1 mantuvo {reading} psid; debe mantener al menos {minimum} psid.',
    check1AboveRelief:
      'La válvula de retención 1 mantuvo {reading} psid, {difference} psid por encima de la apertura de la válvula de alivio a {relief} psid; debe mantener al menos {minimum} psid por encima de esa apertura.',
    check1Tight: 'La válvula de retención 1 debe cerrar herméticamente.',
    reliefOpens: 'La válvula de alivio no se abrió; debe abrirse a {minimum} psid o más.',
    reliefMin:
      'La válvula de alivio se abrió a {reading} psid; debe abrirse a {minimum} psid o más.',
    check2Min:
      'La válvula de retención 2 mantuvo {reading} psid; debe mantener al menos {minimum} psid.',
    check2Tight: 'La válvula de retención 2 debe cerrar herméticamente.',
    check2Backpressure: 'La válvula de retención 2 debe ser hermética contra la contrapresión.',
    shutoff1Tight: 'La válvula de cierre 1 debe ser hermética.',
    shutoff2Tight: 'La válvula de cierre 2 debe ser hermética.',
    airInletOpens: 'La entrada de aire no se abrió; debe abrirse a {minimum} psid o más.',
    airInletMin:
      'La entrada de aire se abrió a {reading} psid; debe abrirse a {minimum} psid o más.',
    airInletFullyOpen: 'La entrada de aire debe abrirse por completo.',
    checkMin:
      'La válvula de retención mantuvo {reading} psid; debe mantener al menos {minimum} psid.',
    airGapMin: 'La separación de aire mide {reading} pulg.; debe medir al menos {minimum} pulg.',
    airGapDiameter:
      'La separación de aire mide {reading} pulg.; debe medir al menos {multiple} veces el diámetro del tubo de suministro, de {diameter} pulg., es decir, {minimum} pulg.',
  },
  problems: {
    psid: {
      empty: 'Escriba la lectura en psid, por ejemplo 4.9.',
      notANumber: 'Escriba la lectura como un número de psid, por ejemplo 4.9.',
      tooManyDecimals: 'Escriba la lectura con un decimal como máximo, por ejemplo 4.9.',
      negative: 'Escriba una lectura de 0.0 psid o más.',
      tooLarge: 'Escriba una lectura de {maximum} psid como máximo.',
    },
    inches: {
      empty: 'Escriba la medida en pulgadas, por ejemplo 0.75 o 3/4.',
      notANumber: 'Escriba la medida como un número de pulgadas, por ejemplo 0.75 o 3/4.',
      tooManyDecimals:
        'Escriba las pulgadas con dos decimales como máximo, por ejemplo 0.75 o 3/4 (escriba 3/8 como 0.38).',
      negative: 'Escriba una medida de 0 pulgadas o más.',
      tooLarge: 'Escriba una medida de {maximum} pulgadas como máximo.',
      zero: 'Escriba el diámetro del tubo: es mayor que 0 pulgadas.',
    },
    answer: 'Elija una de las respuestas.',
  },
};
