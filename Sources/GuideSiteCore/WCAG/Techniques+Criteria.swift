/// Which success criteria each technique serves: W3C's WCAG 2.2 data (`guidelines/wcag.json` in
/// w3c/wcag) lists, per criterion, its sufficient and advisory techniques and its failures. A link
/// to a technique's page names the criteria it is listed under, as the page's own "Applicability"
/// does (H44 serves 1.1.1, 1.3.1, 3.3.2 and 4.1.2).
extension Techniques {
    /// The criteria a technique id is listed under, in WCAG order; empty for an id W3C lists nowhere.
    public static func criteria(of id: String) -> [String] { byTechnique[id] ?? [] }

    private static let byTechnique: [String: [String]] = {
        var table: [String: [String]] = [:]
        for (criterion, ids) in listed {
            for id in ids.split(whereSeparator: \.isWhitespace) { table[String(id), default: []].append(criterion) }
        }
        return table
    }()

    /// Per criterion, in WCAG order, the techniques W3C lists for it (future techniques left out).
    static let listed: [(criterion: String, ids: String)] = [
        ("1.1.1", """
            G94 ARIA6 ARIA10 G196 H2 H37 H53 H86 PDF1 G95 H35 ARIA15 G73 G74 G92 G82 ARIA9 H24 H30 H36 H44 H65
            G68 G100 G143 G144 C9 H67 PDF4 F3 F13 F20 F30 F38 F39 F65 F67 F71 F72
            """),
        ("1.2.1", "G158 G159 G166 H96 F30 F67"),
        ("1.2.2", "G93 G87 SM11 SM12 H95 F8 F75 F74"),
        ("1.2.3", "G69 G58 H53 G78 G173 SM6 SM7 G8 SM1 SM2 G203 H96"),
        ("1.2.4", "G9 G93 G87 SM11 SM12"),
        ("1.2.5", "G78 G173 SM6 SM7 G8 SM1 SM2 G203 H96"),
        ("1.2.6", "G54 G81 SM13 SM14"),
        ("1.2.7", "G8 SM1 SM2 H96"),
        ("1.2.8", "G69 G58 H53 G159 F74"),
        ("1.2.9", "G151 G150 G157"),
        ("1.3.1", """
            ARIA11 H101 ARIA12 ARIA13 ARIA16 ARIA17 ARIA20 G115 H49 G117 G140 ARIA24 G138 H51 PDF6 PDF20 H39 H63
            H43 H44 H65 PDF10 PDF12 H71 H85 H48 H42 PDF9 SCR21 PDF11 PDF17 PDF21 H97 T1 T2 T3 C22 G162 ARIA1
            ARIA2 G141 F2 F33 F34 F42 F43 F46 F48 F87 F90 F91 F92
            """),
        ("1.3.2", "G57 H34 H56 C6 C8 C27 PDF3 F34 F33 F32 F49 F1"),
        ("1.3.3", "G96 F14 F26"),
        ("1.3.4", "G214 F97 F100"),
        ("1.3.5", "H98 F107"),
        ("1.3.6", "ARIA11"),
        ("1.4.1", "G14 G205 G182 G183 G111 C15 F13 F73 F81"),
        ("1.4.2", "G60 G170 G171 F23 F93"),
        ("1.4.3", "G18 G148 G174 G145 G156 F24 F83"),
        ("1.4.4", "G142 C28 C12 C13 C14 SCR34 G146 G178 G179 C17 C20 C22 F69 F80 F94"),
        ("1.4.5", "C22 C30 G140 PDF7"),
        ("1.4.6", "G17 G148 G174 G18 G156 F24 F83"),
        ("1.4.7", "G56"),
        ("1.4.8", "F24 F88"),
        ("1.4.9", "C22 C30 G140 PDF7 C12 C13 C14 C8 C6"),
        ("1.4.10", "C32 C31 C33 C38 SCR34 G206 C34 C37 F102"),
        ("1.4.11", "G195 G174 G207 G209 F78"),
        ("1.4.12", "C36 C35 C8 C21 C28 F104"),
        ("1.4.13", "SCR39 F95"),
        ("2.1.1", "G202 H91 PDF3 PDF11 PDF23 G90 SCR20 SCR35 SCR2 SCR29 F54 F55 F42"),
        ("2.1.2", "G21 F10"),
        ("2.1.4", "G217 F99"),
        ("2.2.1", "G133 G198 G180 SCR16 SCR1 G4 SCR33 SCR36 F40 F41 F58"),
        ("2.2.2", "G4 SCR33 G11 G187 G152 SCR22 G186 G191 F16 F47 F4 F50 F7"),
        ("2.2.3", "G5"),
        ("2.2.4", "G75 G76 SCR14 F40 F41"),
        ("2.2.5", "G105 G181 F12"),
        ("2.3.1", "G19 G176 G15"),
        ("2.3.2", "G19"),
        ("2.3.3", "C39"),
        ("2.4.1", "G1 G123 G124 ARIA11 H69 PDF9 H70 H64 SCR28 C6 H97"),
        ("2.4.2", "G88 H25 PDF18 G127 F25"),
        ("2.4.3", "G59 C27 PDF3 SCR26 SCR37 SCR27 F44 F85"),
        ("2.4.4", "G91 H30 H24 G189 SCR30 G53 H33 C7 ARIA7 ARIA8 H77 H78 H79 H81 PDF11 PDF13 H2 H80 F63 F89"),
        ("2.4.5", "G125 G64 G63 G161 G126 G185 H59 PDF2"),
        ("2.4.6", "G130 G131"),
        ("2.4.7", "G149 C15 G165 G195 C40 SCR31 F55 F78"),
        ("2.4.8", "G65 G63 G128 G127 H59 PDF14 PDF17"),
        ("2.4.9", "ARIA8 G91 H30 H24 G189 SCR30 C7 PDF11 PDF13 H2 H33 F84 F89"),
        ("2.4.10", "G141 H69"),
        ("2.4.11", "C43 F110"),
        ("2.4.12", "C43"),
        ("2.4.13", "G195 C40 C41"),
        ("2.5.1", "G215 G216 F105"),
        ("2.5.2", "G210 G212 F101"),
        ("2.5.3", "G208 G211 F96"),
        ("2.5.4", "G213 F106"),
        ("2.5.6", "F98"),
        ("2.5.7", "G219 F108"),
        ("2.5.8", "C42"),
        ("3.1.1", "H57 PDF16 PDF19 SVR5"),
        ("3.1.2", "H58 PDF19"),
        ("3.1.3", "G101 G55 H40 G112 H54 G62 G70"),
        ("3.1.4", "G102 G97 G55 H28 PDF8 G62 G70"),
        ("3.1.5", "G86 G103 G79 G153 G160"),
        ("3.1.6", "G120 G121 G62 G163 H62"),
        ("3.2.1", "G107 G200 G201 F55"),
        ("3.2.2", "G80 H32 H84 PDF15 G13 SCR19 G201 F36 F37"),
        ("3.2.3", "G61 PDF14 PDF17 F66"),
        ("3.2.4", "G197 F31"),
        ("3.2.5", "G76 SVR1 G110 H76 H83 SCR24 SCR19 G200 F60 F61 F9 F22 F52 F40 F41"),
        ("3.2.6", "G220"),
        ("3.3.1", "G83 ARIA21 SCR18 PDF5 ARIA18 ARIA19 G84 G85 SCR32 PDF22 G139 G199"),
        ("3.3.2", "G131 ARIA1 ARIA9 ARIA17 G89 G184 G162 G83 H90 PDF5 H44 PDF10 H71 G167 G13 F82"),
        ("3.3.3", "ARIA18 G85 G177 PDF22 G84 G139 G199"),
        ("3.3.4", "G164 G98 G155 G99 G168 SCR18 G199"),
        ("3.3.5", "G71 G193 G194 G184 G89 H89"),
        ("3.3.7", "G221"),
        ("3.3.8", "G218 H100 F109"),
        ("3.3.9", "G218 F109"),
        ("4.1.1", "G134 G192 H88 H74 H93 H94 H75 F70 F77"),
        ("4.1.2", "ARIA14 ARIA16 G108 H91 H44 H64 H65 H88 G135 PDF10 PDF12 G10 ARIA4 ARIA5 F59 F15 F20 F68 F79 F86 F89"),
        ("4.1.3", "ARIA22 G199 ARIA19 G83 G84 G85 G177 G194 ARIA23 G193 ARIA18 SCR14 F103"),
    ]
}
