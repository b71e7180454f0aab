CREATE TABLE "otp_client_attempts" (
	"otp_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "otp_client_attempts_otp_id_client_key_pk" PRIMARY KEY("otp_id","client_key")
);
--> statement-breakpoint
DROP INDEX "otp_codes_email_purpose_key";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "otp_client_attempts" ADD CONSTRAINT "otp_client_attempts_otp_id_otp_codes_id_fk" FOREIGN KEY ("otp_id") REFERENCES "public"."otp_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_codes_email_purpose_idx" ON "otp_codes" USING btree ("email","purpose");