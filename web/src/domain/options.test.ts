import { describe, expect, test } from 'vitest';
import {
  ageLimits,
  callCenterJobs,
  callCenterLocalities,
  experienceOptions,
  rootJobs,
  rootLocalities,
} from './options';

// The lists exactly as docs/product.md ("Data") quotes them.
describe('option lists', () => {
  test('root page jobs and localities', () => {
    expect(rootJobs).toEqual([
      'Aux Eletricista',
      'Aux Serraria',
      'Aux Metalúgica',
      'Sem Experiencia',
    ]);
    expect(rootLocalities).toEqual([
      'Sede – Conceição do Coité',
      'Salgadália',
      'Joazeiro',
      'Bandiaçu',
      'Aroeiras',
      'São João',
    ]);
  });

  test('call-center jobs, localities (grouped Aracaju / Região Metropolitana) and experience', () => {
    expect(callCenterJobs).toEqual([
      'Operador de Call Center',
      'Supervisor de Call Center',
      'Analista de Atendimento',
      'Coordenador de Call Center',
      'Consultor de Vendas',
    ]);
    expect(callCenterLocalities).toEqual([
      'Aracaju - Centro',
      'Aracaju - Atalaia',
      'Aracaju - Coroa do Meio',
      'Aracaju - Jardins',
      'Aracaju - Grageru',
      'Aracaju - Farolândia',
      'Aracaju - Ponto Novo',
      'Aracaju - São José',
      'Região Metropolitana - Nossa Senhora do Socorro',
      'Região Metropolitana - São Cristóvão',
      'Região Metropolitana - Barra dos Coqueiros',
    ]);
    expect(experienceOptions).toEqual([
      'Sem experiência',
      'Menos de 1 ano',
      '1 a 2 anos',
      '2 a 5 anos',
      '5 a 10 anos',
      'Mais de 10 anos',
    ]);
  });

  test('limits', () => {
    expect(ageLimits).toEqual({ min: 16, max: 70 });
  });
});
