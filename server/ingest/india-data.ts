// Geography for the demo data: real states, districts, cities, localities, industrial areas,
// rivers and pincode bases (the head post office pincode of the district's main city; other
// pincodes are drawn a little above it, as neighbouring post offices are numbered).

export interface District {
  name: string;
  city: string;
  pincode: number;
  localities: string[];
  industrial: string[];
}

export interface StateInfo {
  name: string;
  /** Two-letter state code as used in the CIN. */
  code: string;
  /** Registrar of Companies office for the state. */
  roc: string;
  /** Abbreviation used in tender reference numbers. */
  abbr: string;
  rivers: string[];
  districts: District[];
}

const d = (name: string, city: string, pincode: number, localities: string[], industrial: string[] = []): District => ({
  name,
  city,
  pincode,
  localities,
  industrial,
});

export const STATES: StateInfo[] = [
  {
    name: "Maharashtra", code: "MH", roc: "RoC-Mumbai", abbr: "MH", rivers: ["Godavari", "Bhima", "Krishna", "Mula-Mutha", "Tapi", "Wardha"],
    districts: [
      d("Mumbai Suburban", "Mumbai", 400051, ["Andheri East", "Powai", "Goregaon West", "Kandivali East", "Bandra Kurla Complex", "Chembur", "Mulund West"], ["MIDC Marol"]),
      d("Pune", "Pune", 411001, ["Wakad", "Hinjewadi", "Kharadi", "Baner", "Hadapsar", "Wagholi", "Pimple Saudagar"], ["MIDC Chakan", "MIDC Talegaon", "MIDC Ranjangaon"]),
      d("Thane", "Thane", 400601, ["Ghodbunder Road", "Majiwada", "Kolshet", "Kalyan West", "Dombivli East"], ["MIDC Bhiwandi", "TTC Industrial Area"]),
      d("Nagpur", "Nagpur", 440001, ["Wardha Road", "Besa", "Manish Nagar", "Hingna"], ["MIHAN SEZ", "MIDC Butibori"]),
      d("Nashik", "Nashik", 422001, ["Gangapur Road", "Pathardi Phata", "Indira Nagar"], ["MIDC Sinnar", "MIDC Ambad"]),
      d("Chhatrapati Sambhajinagar", "Aurangabad", 431001, ["Beed Bypass", "Garkheda", "CIDCO N-7"], ["MIDC Waluj", "Shendra-Bidkin Industrial Area"]),
      d("Raigad", "Panvel", 410206, ["Kharghar", "Ulwe", "Karanjade"], ["MIDC Taloja", "MIDC Patalganga"]),
      d("Kolhapur", "Kolhapur", 416001, ["Tarabai Park", "Rajarampuri", "Kasaba Bawada"], ["MIDC Shiroli", "Kagal Five Star MIDC"]),
    ],
  },
  {
    name: "Gujarat", code: "GJ", roc: "RoC-Ahmedabad", abbr: "GJ", rivers: ["Sabarmati", "Narmada", "Mahi", "Tapi", "Vishwamitri"],
    districts: [
      d("Ahmedabad", "Ahmedabad", 380001, ["SG Highway", "Bopal", "Shela", "Gota", "Prahlad Nagar", "Chandkheda"], ["Changodar GIDC", "Sanand GIDC"]),
      d("Surat", "Surat", 395003, ["Vesu", "Pal", "Adajan", "Althan"], ["Hazira Industrial Area", "Sachin GIDC"]),
      d("Vadodara", "Vadodara", 390001, ["Gotri", "Vasna Bhayli", "Alkapuri"], ["Savli GIDC", "Nandesari GIDC"]),
      d("Rajkot", "Rajkot", 360001, ["Kalawad Road", "Raiya Road", "University Road"], ["Metoda GIDC", "Shapar Veraval"]),
      d("Bharuch", "Bharuch", 392001, ["Zadeshwar", "Shaktinagar"], ["Dahej SEZ", "Ankleshwar GIDC", "Jhagadia GIDC"]),
      d("Gandhinagar", "Gandhinagar", 382010, ["GIFT City", "Sargasan", "Kudasan"], ["Kalol GIDC"]),
      d("Kachchh", "Bhuj", 370001, ["Madhapar", "Mirzapar"], ["Mundra SEZ", "Anjar Industrial Area", "Gandhidham"]),
    ],
  },
  {
    name: "Karnataka", code: "KA", roc: "RoC-Bangalore", abbr: "KA", rivers: ["Kaveri", "Tungabhadra", "Krishna", "Netravati", "Sharavathi"],
    districts: [
      d("Bengaluru Urban", "Bengaluru", 560001, ["Whitefield", "Sarjapur Road", "Hebbal", "Electronic City", "Yelahanka", "Hennur Road", "Kanakapura Road"], ["Peenya Industrial Area", "Bommasandra"]),
      d("Bengaluru Rural", "Devanahalli", 562110, ["Devanahalli", "Doddaballapur"], ["KIADB Aerospace Park", "Hoskote Industrial Area"]),
      d("Mysuru", "Mysuru", 570001, ["Vijayanagar", "Hebbal Layout", "Bogadi"], ["Hootagalli Industrial Area", "Nanjangud Industrial Area"]),
      d("Dakshina Kannada", "Mangaluru", 575001, ["Kadri", "Kankanady", "Surathkal"], ["Baikampady Industrial Area", "Mangalore SEZ"]),
      d("Belagavi", "Belagavi", 590001, ["Tilakwadi", "Hindwadi"], ["Udyambag", "Macche Industrial Area"]),
      d("Dharwad", "Hubballi", 580020, ["Vidyanagar", "Gokul Road"], ["Tarihal Industrial Area", "Belur Industrial Area"]),
      d("Kalaburagi", "Kalaburagi", 585101, ["Aland Road", "Sedam Road"], ["Sedam Cement Belt", "Nandur Industrial Area"]),
    ],
  },
  {
    name: "Tamil Nadu", code: "TN", roc: "RoC-Chennai", abbr: "TN", rivers: ["Kaveri", "Vaigai", "Palar", "Thamirabarani", "Bhavani"],
    districts: [
      d("Chennai", "Chennai", 600001, ["OMR Sholinganallur", "Perungudi", "Velachery", "Anna Nagar", "Porur", "Guindy"], ["Ambattur Industrial Estate", "Guindy Industrial Estate"]),
      d("Kancheepuram", "Sriperumbudur", 602105, ["Oragadam", "Padappai"], ["SIPCOT Oragadam", "SIPCOT Irungattukottai", "SIPCOT Sriperumbudur"]),
      d("Coimbatore", "Coimbatore", 641001, ["Saravanampatti", "Peelamedu", "Vadavalli", "Singanallur"], ["SIDCO Kurichi", "Malumichampatti"]),
      d("Madurai", "Madurai", 625001, ["KK Nagar", "Anna Nagar", "Thirunagar"], ["Kappalur Industrial Estate"]),
      d("Tiruchirappalli", "Tiruchirappalli", 620001, ["Thillai Nagar", "Srirangam"], ["BHEL Ancillary Estate", "Thuvakudi"]),
      d("Thoothukudi", "Thoothukudi", 628001, ["Millerpuram"], ["SIPCOT Thoothukudi", "V.O. Chidambaranar Port Area"]),
      d("Krishnagiri", "Hosur", 635109, ["Mathigiri", "Bagalur Road"], ["SIPCOT Hosur Phase I", "SIPCOT Hosur Phase II"]),
    ],
  },
  {
    name: "Kerala", code: "KL", roc: "RoC-Ernakulam", abbr: "KL", rivers: ["Periyar", "Bharathapuzha", "Pamba", "Chaliyar", "Meenachil"],
    districts: [
      d("Ernakulam", "Kochi", 682011, ["Kakkanad", "Edappally", "Vyttila", "Kalamassery", "Tripunithura"], ["KINFRA Export Promotion Park", "Edayar Industrial Area"]),
      d("Thiruvananthapuram", "Thiruvananthapuram", 695001, ["Kazhakkoottam", "Pattom", "Vazhuthacaud"], ["Technopark Phase III", "KINFRA Film and Video Park"]),
      d("Kozhikode", "Kozhikode", 673001, ["Mavoor Road", "Chevayur"], ["KINFRA Food Processing Park Kakkancherry"]),
      d("Thrissur", "Thrissur", 680001, ["Punkunnam", "Ayyanthole"], ["Koratty Industrial Area"]),
      d("Palakkad", "Palakkad", 678001, ["Olavakkode", "Chandranagar"], ["Kanjikode Industrial Area", "KINFRA Mega Food Park"]),
      d("Kannur", "Kannur", 670001, ["Thana", "Talap"], ["Mattannur KINFRA Park"]),
    ],
  },
  {
    name: "Telangana", code: "TG", roc: "RoC-Hyderabad", abbr: "TS", rivers: ["Godavari", "Krishna", "Musi", "Manjira"],
    districts: [
      d("Hyderabad", "Hyderabad", 500001, ["Banjara Hills", "Ameerpet", "Secunderabad", "Begumpet"], ["Sanathnagar Industrial Area"]),
      d("Rangareddy", "Hyderabad", 500032, ["Gachibowli", "Kokapet", "Narsingi", "Shamshabad", "Financial District"], ["Pharma City Mucherla", "Adibatla Aerospace SEZ"]),
      d("Medchal-Malkajgiri", "Hyderabad", 500055, ["Kompally", "Medchal", "Uppal"], ["Cherlapally Industrial Area", "Jeedimetla IDA"]),
      d("Sangareddy", "Sangareddy", 502001, ["Patancheru", "Ameenpur"], ["Pashamylaram IDA", "Bollaram IDA"]),
      d("Warangal", "Warangal", 506002, ["Hanamkonda", "Kazipet"], ["Kakatiya Mega Textile Park"]),
    ],
  },
  {
    name: "Andhra Pradesh", code: "AP", roc: "RoC-Vijayawada", abbr: "AP", rivers: ["Krishna", "Godavari", "Penna", "Nagavali"],
    districts: [
      d("Visakhapatnam", "Visakhapatnam", 530001, ["Madhurawada", "Rushikonda", "Gajuwaka", "MVP Colony"], ["APSEZ Atchutapuram", "Parawada Pharma City"]),
      d("NTR", "Vijayawada", 520001, ["Benz Circle", "Gunadala", "Poranki"], ["Autonagar Vijayawada", "Kondapalli IDA"]),
      d("Guntur", "Guntur", 522001, ["Amaravati", "Mangalagiri", "Brodipet"], ["Nidamanuru Industrial Park"]),
      d("Tirupati", "Tirupati", 517501, ["Renigunta Road", "Tiruchanur"], ["Sri City SEZ", "EMC Renigunta"]),
      d("Nellore", "Nellore", 524001, ["Magunta Layout", "Vedayapalem"], ["Krishnapatnam Industrial Area", "Naidupeta"]),
      d("Anantapur", "Anantapur", 515001, ["Ramnagar", "Sainagar"], ["Penukonda Industrial Area"]),
    ],
  },
  {
    name: "Uttar Pradesh", code: "UP", roc: "RoC-Kanpur", abbr: "UP", rivers: ["Ganga", "Yamuna", "Gomti", "Ghaghara", "Hindon"],
    districts: [
      d("Gautam Buddha Nagar", "Noida", 201301, ["Sector 150", "Noida Extension", "Sector 62", "Sector 128", "Greater Noida West"], ["Yamuna Expressway Industrial Area", "Ecotech III Greater Noida"]),
      d("Ghaziabad", "Ghaziabad", 201001, ["Raj Nagar Extension", "Indirapuram", "Crossings Republik"], ["Loni Industrial Area", "Meerut Road Industrial Area"]),
      d("Lucknow", "Lucknow", 226001, ["Gomti Nagar Extension", "Sushant Golf City", "Shaheed Path"], ["Sarojini Nagar Industrial Area", "Chinhat Industrial Area"]),
      d("Kanpur Nagar", "Kanpur", 208001, ["Swaroop Nagar", "Kalyanpur"], ["Panki Industrial Area", "Rooma Industrial Area"]),
      d("Varanasi", "Varanasi", 221001, ["Sigra", "Lanka", "Babatpur Road"], ["Ramnagar Industrial Area"]),
      d("Agra", "Agra", 282001, ["Fatehabad Road", "Sikandra"], ["Foundry Nagar", "Sikandra Industrial Area"]),
      d("Prayagraj", "Prayagraj", 211001, ["Civil Lines", "Jhunsi"], ["Naini Industrial Area"]),
    ],
  },
  {
    name: "Delhi", code: "DL", roc: "RoC-Delhi", abbr: "DL", rivers: ["Yamuna"],
    districts: [
      d("New Delhi", "New Delhi", 110001, ["Connaught Place", "Chanakyapuri", "Gole Market"]),
      d("South West Delhi", "New Delhi", 110037, ["Dwarka Sector 21", "Vasant Kunj", "Mahipalpur"], ["Aerocity"]),
      d("North West Delhi", "Delhi", 110085, ["Rohini", "Pitampura"], ["Bawana Industrial Area", "Narela Industrial Area"]),
      d("South Delhi", "New Delhi", 110017, ["Saket", "Okhla", "Mehrauli"], ["Okhla Industrial Area Phase II"]),
      d("Shahdara", "Delhi", 110032, ["Vivek Vihar", "Dilshad Garden"], ["Jhilmil Industrial Area"]),
    ],
  },
  {
    name: "Haryana", code: "HR", roc: "RoC-Delhi", abbr: "HR", rivers: ["Yamuna", "Ghaggar", "Markanda"],
    districts: [
      d("Gurugram", "Gurugram", 122001, ["Golf Course Extension Road", "Dwarka Expressway", "Sohna Road", "Sector 65", "New Gurgaon"], ["IMT Manesar", "Udyog Vihar"]),
      d("Faridabad", "Faridabad", 121001, ["Sector 88", "Neharpar", "Ballabgarh"], ["IMT Faridabad", "Sector 24 Industrial Area"]),
      d("Sonipat", "Sonipat", 131001, ["Kundli", "Sector 15"], ["HSIIDC Rai", "IMT Kharkhoda"]),
      d("Panipat", "Panipat", 132103, ["Sector 18", "Model Town"], ["Panipat Refinery Area", "HSIIDC Panipat"]),
      d("Jhajjar", "Bahadurgarh", 124507, ["Sector 9 Bahadurgarh"], ["HSIIDC Bahadurgarh", "Model Economic Township"]),
      d("Rewari", "Dharuhera", 123106, ["Dharuhera", "Bawal"], ["HSIIDC Bawal", "HSIIDC Dharuhera"]),
    ],
  },
  {
    name: "Rajasthan", code: "RJ", roc: "RoC-Jaipur", abbr: "RJ", rivers: ["Chambal", "Banas", "Luni", "Mahi"],
    districts: [
      d("Jaipur", "Jaipur", 302001, ["Jagatpura", "Vaishali Nagar", "Mansarovar", "Ajmer Road"], ["Sitapura Industrial Area", "Mahindra World City Jaipur"]),
      d("Jodhpur", "Jodhpur", 342001, ["Pal Road", "Chopasni Housing Board"], ["Boranada Industrial Area", "Basni Industrial Area"]),
      d("Udaipur", "Udaipur", 313001, ["Fatehpura", "Hiran Magri"], ["Madri Industrial Area", "Kaladwas"]),
      d("Kota", "Kota", 324001, ["Talwandi", "Kunhari"], ["RIICO Industrial Area Kota"]),
      d("Alwar", "Bhiwadi", 301019, ["Alwar Bypass", "Bhiwadi Sector 4"], ["RIICO Bhiwadi", "Neemrana Japanese Zone", "Khushkhera"]),
      d("Chittorgarh", "Chittorgarh", 312001, ["Senthi", "Pratap Nagar"], ["Nimbahera Cement Belt"]),
    ],
  },
  {
    name: "Madhya Pradesh", code: "MP", roc: "RoC-Gwalior", abbr: "MP", rivers: ["Narmada", "Chambal", "Betwa", "Tapti", "Son"],
    districts: [
      d("Indore", "Indore", 452001, ["Vijay Nagar", "Super Corridor", "Nipania", "Rau"], ["Pithampur Industrial Area", "Sanwer Road Industrial Area"]),
      d("Bhopal", "Bhopal", 462001, ["Kolar Road", "Hoshangabad Road", "Ayodhya Bypass"], ["Govindpura Industrial Area", "Mandideep"]),
      d("Jabalpur", "Jabalpur", 482001, ["Vijay Nagar", "Napier Town"], ["Richhai Industrial Area"]),
      d("Gwalior", "Gwalior", 474001, ["City Centre", "Thatipur"], ["Malanpur Industrial Area", "Banmore"]),
      d("Satna", "Satna", 485001, ["Civil Lines", "Rewa Road"], ["Satna Cement Cluster"]),
    ],
  },
  {
    name: "West Bengal", code: "WB", roc: "RoC-Kolkata", abbr: "WB", rivers: ["Hooghly", "Damodar", "Teesta", "Rupnarayan"],
    districts: [
      d("Kolkata", "Kolkata", 700001, ["Park Street", "Ballygunge", "Tollygunge", "EM Bypass"]),
      d("North 24 Parganas", "Kolkata", 700156, ["New Town Rajarhat", "Salt Lake Sector V", "Madhyamgram"], ["Kalyani Industrial Area"]),
      d("Howrah", "Howrah", 711101, ["Shibpur", "Dasnagar"], ["Jangalpur Industrial Park", "Uluberia Industrial Growth Centre"]),
      d("Paschim Bardhaman", "Durgapur", 713201, ["City Centre", "Bidhannagar"], ["Durgapur Industrial Area", "Asansol-Raniganj Belt"]),
      d("Purba Medinipur", "Haldia", 721602, ["Durgachak", "Basudevpur"], ["Haldia Industrial Area", "Haldia Petrochemical Zone"]),
      d("Darjeeling", "Siliguri", 734001, ["Sevoke Road", "Matigara"], ["Siliguri Industrial Estate"]),
    ],
  },
  {
    name: "Odisha", code: "OR", roc: "RoC-Cuttack", abbr: "OD", rivers: ["Mahanadi", "Brahmani", "Baitarani", "Rushikulya"],
    districts: [
      d("Khordha", "Bhubaneswar", 751001, ["Patia", "Chandrasekharpur", "Khandagiri", "Infocity"], ["Mancheswar Industrial Estate"]),
      d("Cuttack", "Cuttack", 753001, ["Badambadi", "CDA Sector 9"], ["Jagatpur Industrial Estate", "Athagarh"]),
      d("Jajpur", "Jajpur", 755001, ["Jajpur Road"], ["Kalinganagar Industrial Complex"]),
      d("Sundargarh", "Rourkela", 769001, ["Civil Township", "Uditnagar"], ["Kalunga Industrial Estate"]),
      d("Angul", "Angul", 759122, ["Hakimpada"], ["Angul-Talcher Industrial Belt"]),
      d("Jagatsinghpur", "Paradip", 754142, ["Paradip Port Town"], ["Paradip Industrial Area"]),
    ],
  },
  {
    name: "Assam", code: "AS", roc: "RoC-Shillong", abbr: "AS", rivers: ["Brahmaputra", "Barak", "Subansiri", "Kopili"],
    districts: [
      d("Kamrup Metropolitan", "Guwahati", 781001, ["Beltola", "Six Mile", "Jalukbari", "Khanapara"], ["Amingaon Industrial Estate"]),
      d("Kamrup", "Guwahati", 781101, ["Mirza", "Changsari"], ["Bamunigaon Industrial Growth Centre"]),
      d("Dibrugarh", "Dibrugarh", 786001, ["Chowkidinghee", "Lahowal"], ["Tinsukia-Dibrugarh Oil Belt"]),
      d("Cachar", "Silchar", 788001, ["Tarapur", "Ambicapatty"], ["Badarpur Industrial Area"]),
      d("Nagaon", "Nagaon", 782001, ["Haibargaon"], ["Nagaon Industrial Estate"]),
    ],
  },
  {
    name: "Bihar", code: "BR", roc: "RoC-Patna", abbr: "BR", rivers: ["Ganga", "Gandak", "Kosi", "Son", "Bagmati"],
    districts: [
      d("Patna", "Patna", 800001, ["Bailey Road", "Kankarbagh", "Danapur", "Boring Road"], ["Fatuha Industrial Area", "Patliputra Industrial Area"]),
      d("Gaya", "Gaya", 823001, ["Bodh Gaya Road"], ["Gaya Industrial Area"]),
      d("Muzaffarpur", "Muzaffarpur", 842001, ["Brahmpura", "Mithanpura"], ["Bela Industrial Area"]),
      d("Bhagalpur", "Bhagalpur", 812001, ["Tilkamanjhi", "Adampur"], ["Barari Industrial Area"]),
      d("Begusarai", "Begusarai", 851101, ["Kachahari Road"], ["Barauni Refinery Area"]),
    ],
  },
  {
    name: "Punjab", code: "PB", roc: "RoC-Chandigarh", abbr: "PB", rivers: ["Sutlej", "Beas", "Ravi", "Ghaggar"],
    districts: [
      d("Ludhiana", "Ludhiana", 141001, ["Pakhowal Road", "Ferozepur Road", "Sarabha Nagar"], ["Focal Point Ludhiana", "Dhandari Kalan"]),
      d("Sahibzada Ajit Singh Nagar", "Mohali", 160055, ["Aerocity Mohali", "Sector 82", "Kharar", "Zirakpur"], ["Phase 8B Industrial Area", "Derabassi Industrial Area"]),
      d("Amritsar", "Amritsar", 143001, ["Ranjit Avenue", "GT Road"], ["Focal Point Amritsar"]),
      d("Jalandhar", "Jalandhar", 144001, ["Model Town", "Urban Estate"], ["Leather Complex Jalandhar", "Focal Point Jalandhar"]),
      d("Bathinda", "Bathinda", 151001, ["Ajit Road", "Model Town"], ["Guru Gobind Singh Refinery Area"]),
    ],
  },
  {
    name: "Chhattisgarh", code: "CT", roc: "RoC-Chhattisgarh", abbr: "CG", rivers: ["Mahanadi", "Indravati", "Sheonath", "Hasdeo"],
    districts: [
      d("Raipur", "Raipur", 492001, ["Nava Raipur", "Shankar Nagar", "Tatibandh"], ["Urla Industrial Area", "Siltara Growth Centre"]),
      d("Durg", "Bhilai", 490001, ["Nehru Nagar", "Smriti Nagar"], ["Borai Industrial Area", "Bhilai Steel Plant Area"]),
      d("Bilaspur", "Bilaspur", 495001, ["Vyapar Vihar", "Sarkanda"], ["Sirgitti Industrial Area"]),
      d("Korba", "Korba", 495677, ["Transport Nagar"], ["Korba Power Belt"]),
      d("Raigarh", "Raigarh", 496001, ["Chakradhar Nagar"], ["Punjipathra Industrial Area"]),
    ],
  },
  {
    name: "Jharkhand", code: "JH", roc: "RoC-Ranchi", abbr: "JH", rivers: ["Subarnarekha", "Damodar", "Koel", "Barakar"],
    districts: [
      d("Ranchi", "Ranchi", 834001, ["Kanke Road", "Harmu", "Bariatu"], ["Tupudana Industrial Area"]),
      d("East Singhbhum", "Jamshedpur", 831001, ["Bistupur", "Sonari", "Mango"], ["Adityapur Industrial Area"]),
      d("Dhanbad", "Dhanbad", 826001, ["Saraidhela", "Hirapur"], ["Jharia Coalfield Area"]),
      d("Bokaro", "Bokaro Steel City", 827001, ["Sector 4", "Chas"], ["Balidih Industrial Area"]),
    ],
  },
  {
    name: "Uttarakhand", code: "UR", roc: "RoC-Uttarakhand", abbr: "UK", rivers: ["Ganga", "Alaknanda", "Bhagirathi", "Sharda"],
    districts: [
      d("Dehradun", "Dehradun", 248001, ["Sahastradhara Road", "Rajpur Road", "Prem Nagar"], ["Selaqui Industrial Area"]),
      d("Haridwar", "Haridwar", 249401, ["Jwalapur", "Bahadrabad"], ["SIIDCUL Haridwar", "Bhagwanpur Industrial Area"]),
      d("Udham Singh Nagar", "Rudrapur", 263153, ["Kichha Road", "Transit Camp"], ["SIIDCUL Pantnagar", "Sitarganj Industrial Area"]),
      d("Nainital", "Haldwani", 263139, ["Kathgodam", "Kaladhungi Road"]),
    ],
  },
  {
    name: "Goa", code: "GA", roc: "RoC-Goa", abbr: "GA", rivers: ["Mandovi", "Zuari"],
    districts: [
      d("North Goa", "Panaji", 403001, ["Porvorim", "Mapusa", "Dona Paula", "Calangute"], ["Pilerne Industrial Estate", "Tivim Industrial Estate"]),
      d("South Goa", "Margao", 403601, ["Fatorda", "Vasco da Gama", "Colva"], ["Verna Industrial Estate", "Cuncolim Industrial Estate"]),
    ],
  },
];

export const STATE_BY_NAME = new Map(STATES.map((s) => [s.name, s]));

/** How often each state appears: the big construction markets lead. */
export const STATE_WEIGHTS: [StateInfo, number][] = STATES.map((s) => [
  s,
  ({ Maharashtra: 18, Karnataka: 10, "Tamil Nadu": 9, Gujarat: 9, "Uttar Pradesh": 9, Telangana: 7, Haryana: 6, Delhi: 5, "West Bengal": 5, Rajasthan: 4, Kerala: 4, "Andhra Pradesh": 4, "Madhya Pradesh": 3, Odisha: 3 } as Record<string, number>)[s.name] ?? 2,
]);
