CREATE TABLE "cable_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"family" text NOT NULL,
	"cross_section_mm2" numeric NOT NULL,
	"conductor" text NOT NULL,
	"voltage_kv" numeric NOT NULL,
	"outer_diameter_mm" numeric NOT NULL,
	"weight_kg_per_km" numeric NOT NULL,
	"tape_shielded" boolean DEFAULT false NOT NULL,
	"designation_fr" text NOT NULL,
	"designation_en" text NOT NULL,
	CONSTRAINT "cable_products_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "drum_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"flange_diameter_mm" integer NOT NULL,
	"barrel_diameter_mm" integer NOT NULL,
	"inner_width_mm" integer NOT NULL,
	"tare_kg" integer NOT NULL,
	"max_load_kg" integer NOT NULL,
	CONSTRAINT "drum_types_code_unique" UNIQUE("code")
);
