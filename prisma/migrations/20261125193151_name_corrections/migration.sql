-- CreateTable
CREATE TABLE "NameCorrection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "intoKey" TEXT,
    "intoName" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "NameCorrection_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "NameCorrection_businessId_createdAt_id_idx" ON "NameCorrection"("businessId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "NameCorrection_businessId_key_key" ON "NameCorrection"("businessId", "key");
