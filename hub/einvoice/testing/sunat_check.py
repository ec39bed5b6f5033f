"""Checks SUNAT documents the way SUNAT's front door does, for the test suite.

Usage: python3 sunat_check.py <fixtures dir>   (the folder holding xsd/ and xsl/)
stdin:  a JSON list of {"id", "kind", "check", "xml", "fileName"}
        kind: "01" | "03" | "07" | "RC" | "RA"; check: "xsd" | "rules" | "flatten"
        ("flatten" lists the elements as "path [data attributes] = text", for comparisons)
stdout: a JSON list of {"id", "ok", "errors": [{"code", "text"}], "observations": [...]}

One process checks many documents: schemas and rule files are compiled once.

"rules" runs SUNAT's *published* rule files (the DataPower version, XSLT 1.0
plus EXSLT) with libxslt. The files stay unmodified on disk; five patches are
applied in memory only, as the fixtures README describes:
  1. dp:variable('var://context/cpe/nombreArchivoEnviado') answers the file name
  2. local:///commons/... resolves into xsl/commons/...; the unpublished
     dat_fechas.xml reads as an empty <l/>
  3. validate_utils.xsl: func becomes an extension prefix, Saxon's
     matches(x, re, '!') becomes a Python re.search, and the generic
     dyn:evaluate catalogue look-up replaces the hard-coded @gre-r one
  4. a local variable declared twice in one template (Factura and Boleta:
     totalDescuentosGlobales) gets a second name for its first use
  5. variables used out of scope get an empty top-level binding
     (Boleta: nroLinea; NC: MontoDescuentoAfectoBI)
"""

import json
import os
import re
import sys

from lxml import etree

HARNESS_NS = 'urn:restaurant-hub:sunat-harness'
DP_NS = 'http://www.datapower.com/extensions'

RULE_FILES = {
    '01': 'ValidaExprRegFactura-2.0.1.xsl',
    '03': 'ValidaExprRegBoleta-2.0.1.xsl',
    '07': 'ValidaExprRegNC-2.0.1.xsl',
    'RC': 'ValidaExprRegSummary-1.1.0.xsl',
    'RA': 'ValidaExprRegSummaryVoided-1.0.1.xsl',
}
SCHEMAS = {
    '01': '2.1/maindoc/UBL-Invoice-2.1.xsd',
    '03': '2.1/maindoc/UBL-Invoice-2.1.xsd',
    '07': '2.1/maindoc/UBL-CreditNote-2.1.xsd',
    'RC': '2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd',
    'RA': '2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd',
}
# Patch 5: names the rule files read where no binding is in scope.
OUT_OF_SCOPE = {'03': ['nroLinea'], '07': ['MontoDescuentoAfectoBI']}

current_file_name = ['']


def dp_variable(_context, _name):
    """Patch 1: the only DataPower variable the rules read is the file name."""
    return current_file_name[0]


def harness_matches(_context, value, pattern, _flags=None):
    """Patch 3: Saxon's matches(x, re, '!') ('!' = plain regex syntax) as Python re.search."""
    return re.search(xpath_string(pattern), xpath_string(value)) is not None


def xpath_string(value):
    """XPath string(): a node-set or tree fragment reads as its first node's text."""
    if isinstance(value, list):
        if not value:
            return ''
        value = value[0]
    if hasattr(value, 'itertext'):
        return ''.join(value.itertext())
    if hasattr(value, 'getroot'):
        return ''.join(value.getroot().itertext())
    return str(value)


def patch_rule_file(text, kind):
    text = text.replace(
        '<xsl:include href="commons/error/validate_utils.xsl"',
        '<xsl:include href="local:///commons/error/validate_utils.xsl"')
    if kind in ('01', '03'):
        text = text.replace(
            '''<xsl:variable name="totalDescuentosGlobales" select="sum($root/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode [text() = '06']]/cbc:Amount)"/>''',
            '''<xsl:variable name="totalDescuentosGlobalesInafectos" select="sum($root/cac:AllowanceCharge[cbc:AllowanceChargeReasonCode [text() = '06']]/cbc:Amount)"/>''')
        text = text.replace(
            'select="$totalBaseInafectasxLinea - $totalDescuentosGlobales"/>',
            'select="$totalBaseInafectasxLinea - $totalDescuentosGlobalesInafectos"/>')
    bindings = ''.join(f'<xsl:variable name="{name}" select="\'\'"/>' for name in OUT_OF_SCOPE.get(kind, []))
    if bindings:
        text = re.sub(r'(<xsl:include href="local:///commons/error/validate_utils.xsl"[^>]*/>)', r'\1' + bindings, text, count=1)
    return text


def patch_validate_utils(text):
    text = text.replace('extension-element-prefixes="dp"', f'xmlns:harness="{HARNESS_NS}" extension-element-prefixes="dp func"', 1)
    text = text.replace('not(matches(', 'not(harness:matches(')
    # The generic catalogue look-up, as in DataPower's copy (the SFS copy hard-codes @gre-r).
    start = text.index('<xsl:template name="findElementInCatalogProperty">')
    end = text.index('</xsl:template>', start)
    body = text[start:end].replace(
        'count(document($url_catalogo)/l/c[@id=$idCatalogo and @gre-r=$valorPropiedad]) &lt; 1',
        'count(dyn:evaluate($dynEval)) &lt; 1')
    return text[:start] + body + text[end:]


class CommonsResolver(etree.Resolver):
    """Patch 2: local:///commons/... is the fixtures' xsl/commons/...; the unpublished dates file is empty."""

    def __init__(self, xsl_dir):
        super().__init__()
        self.xsl_dir = xsl_dir

    def resolve(self, url, _public_id, context):
        if not url.startswith('local:///'):
            return None
        relative = url[len('local:///'):]
        if relative == 'commons/cpe/datos/dat_fechas.xml':
            return self.resolve_string('<l/>', context)
        path = os.path.join(self.xsl_dir, relative)
        if relative == 'commons/error/validate_utils.xsl':
            with open(path, encoding='utf-8') as handle:
                return self.resolve_string(patch_validate_utils(handle.read()), context, base_url=path)
        return self.resolve_filename(path, context)


# Attributes that carry data (the rest, such as listAgencyName, only name the list).
DATA_ATTRIBUTES = ('schemeID', 'unitCode', 'currencyID', 'listID', 'languageLocaleID')


def flatten(document):
    """Every element with text or data attributes as "path [attrs] = text", in document order, for comparing documents."""
    out = []

    def walk(element, parent):
        here = parent + '/' + etree.QName(element).localname
        attrs = ' '.join(f'{k}={element.get(k)}' for k in DATA_ATTRIBUTES if element.get(k) is not None)
        text = (element.text or '').strip()
        if text or attrs:
            out.append(f'{here} [{attrs}] = {text}')
        for child in element:
            if isinstance(child.tag, str):
                walk(child, here)

    walk(document, '')
    return out


class Checker:
    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.rules = {}
        self.schemas = {}

    def rule_transform(self, kind):
        if kind not in self.rules:
            xsl_dir = os.path.join(self.fixtures, 'xsl')
            path = os.path.join(xsl_dir, RULE_FILES[kind])
            parser = etree.XMLParser()
            parser.resolvers.add(CommonsResolver(xsl_dir))
            with open(path, encoding='utf-8') as handle:
                text = patch_rule_file(handle.read(), kind)
            tree = etree.fromstring(text.encode('utf-8'), parser, base_url=path).getroottree()
            extensions = {(DP_NS, 'variable'): dp_variable, (HARNESS_NS, 'matches'): harness_matches}
            self.rules[kind] = etree.XSLT(tree, extensions=extensions, access_control=etree.XSLTAccessControl.DENY_WRITE)
        return self.rules[kind]

    def schema(self, kind):
        if kind not in self.schemas:
            self.schemas[kind] = etree.XMLSchema(etree.parse(os.path.join(self.fixtures, 'xsd', SCHEMAS[kind])))
        return self.schemas[kind]

    def check(self, request):
        kind = request['kind']
        try:
            # The text arrives as Unicode: a declaration naming another encoding (the samples say ISO-8859-1) no longer applies.
            text = re.sub(r'^\s*<\?xml[^>]*\?>', '', request['xml'])
            document = etree.fromstring(text.encode('utf-8'))
        except etree.XMLSyntaxError as error:
            return {'ok': False, 'errors': [{'code': 'XML', 'text': str(error)}], 'observations': []}
        if request['check'] == 'flatten':
            return {'ok': True, 'errors': [], 'observations': [], 'elements': flatten(document)}
        if request['check'] == 'xsd':
            schema = self.schema(kind)
            ok = schema.validate(document)
            errors = [{'code': 'XSD', 'text': f'line {e.line}: {e.message}'} for e in schema.error_log]
            return {'ok': ok, 'errors': errors, 'observations': []}
        current_file_name[0] = request['fileName']
        transform = self.rule_transform(kind)
        errors = []
        try:
            transform(document)
        except etree.XSLTApplyError:
            pass
        observations = []
        for entry in transform.error_log:
            message = entry.message
            if message.startswith('ERROR:'):
                code = re.search(r'errorCode (\w+)', message)
                errors.append({'code': code.group(1) if code else '?', 'text': message})
            elif re.match(r'^\d{4}', message):
                observations.append({'code': message[:4], 'text': message[4:]})
            elif 'Processing terminated' not in message:
                errors.append({'code': 'XSLT', 'text': message})
        return {'ok': not errors, 'errors': errors, 'observations': observations}


def main():
    checker = Checker(sys.argv[1])
    requests = json.load(sys.stdin)
    results = []
    for request in requests:
        result = checker.check(request)
        result['id'] = request['id']
        results.append(result)
    json.dump(results, sys.stdout, ensure_ascii=False)


if __name__ == '__main__':
    main()
