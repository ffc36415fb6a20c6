#include "textflag.h"

// func hiddenAVX(h []float32, w []float32, x []Input, stride int)
//
// For every block of h, adds v times the block's part of row Index of
// w (rows of stride floats) for each input {Index, Value} of x in
// order, keeping the block in registers: h[j] + v1*w1[j] + v2*w2[j] +
// ..., each product and each sum rounded to float32 as the Go loop
// does (separate multiplies and adds, never fused), then rectifies
// each sum by VMAXPS with zero as its first operand, which returns the
// sum unless zero is greater (so -0 and NaN stay, as relu keeps them):
// the results are bit for bit those of hiddenGo. Blocks of
// 32 units (four registers), then of 8; len(h) is a multiple of 8.
TEXT ·hiddenAVX(SB), NOSPLIT, $0-80
	MOVQ h_base+0(FP), DI
	MOVQ h_len+8(FP), CX
	MOVQ w_base+24(FP), SI
	MOVQ x_base+48(FP), R8
	MOVQ x_len+56(FP), R9
	MOVQ stride+72(FP), R10
	SHLQ $2, R10
	VXORPS Y9, Y9, Y9

block32:
	CMPQ CX, $32
	JLT  block8
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	MOVQ R8, R11
	MOVQ R9, R12

input32:
	TESTQ R12, R12
	JZ    store32
	MOVLQSX (R11), AX
	IMULQ R10, AX
	ADDQ  SI, AX
	VBROADCASTSS 4(R11), Y4
	VMULPS (AX), Y4, Y5
	VADDPS Y5, Y0, Y0
	VMULPS 32(AX), Y4, Y6
	VADDPS Y6, Y1, Y1
	VMULPS 64(AX), Y4, Y7
	VADDPS Y7, Y2, Y2
	VMULPS 96(AX), Y4, Y8
	VADDPS Y8, Y3, Y3
	ADDQ $8, R11
	DECQ R12
	JMP  input32

store32:
	VMAXPS  Y0, Y9, Y0
	VMAXPS  Y1, Y9, Y1
	VMAXPS  Y2, Y9, Y2
	VMAXPS  Y3, Y9, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, DI
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  block32

block8:
	CMPQ CX, $8
	JLT  done
	VMOVUPS (DI), Y0
	MOVQ R8, R11
	MOVQ R9, R12

input8:
	TESTQ R12, R12
	JZ    store8
	MOVLQSX (R11), AX
	IMULQ R10, AX
	ADDQ  SI, AX
	VBROADCASTSS 4(R11), Y4
	VMULPS (AX), Y4, Y5
	VADDPS Y5, Y0, Y0
	ADDQ $8, R11
	DECQ R12
	JMP  input8

store8:
	VMAXPS  Y0, Y9, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  block8

done:
	VZEROUPPER
	RET
